//! Seed strings: round trips, the display form, and a specific error for every malformed input.

use proptest::prelude::*;
use rng::{SeedCode, SeedCodeError, CLASSES, DIFFICULTIES};

#[test]
fn display_form_has_four_groups_of_five() {
    let code = SeedCode::new(5, 1, 0xAB_CDEF_0123, 123_456)
        .encode()
        .expect("valid fields");
    let groups: Vec<&str> = code.split('-').collect();
    assert_eq!(groups.len(), 4);
    assert!(groups.iter().all(|g| g.len() == 5));
    assert_eq!(
        SeedCode::decode(&code),
        Ok(SeedCode::new(5, 1, 0xAB_CDEF_0123, 123_456))
    );
}

#[test]
fn input_ignores_dashes_spaces_case_and_lookalikes() {
    let original = SeedCode::new(2, 0, 0x1F, 1).encode().expect("valid fields");
    let messy: String = original.replace('-', " ").to_lowercase();
    assert_eq!(SeedCode::decode(&messy).map(|c| c.initial_seed), Ok(1));
    let zeros_as_o = original.replace('0', "O");
    assert_eq!(SeedCode::decode(&zeros_as_o).map(|c| c.initial_seed), Ok(1));
}

#[test]
fn every_malformed_string_gets_a_specific_error() {
    let good = SeedCode::new(0, 1, 0, 1).encode().expect("valid fields");
    assert_eq!(
        SeedCode::decode(""),
        Err(SeedCodeError::Length { found: 0 })
    );
    assert_eq!(
        SeedCode::decode("ABCDE-12345"),
        Err(SeedCodeError::Length { found: 10 })
    );
    assert_eq!(
        SeedCode::decode(&format!("{good}0")),
        Err(SeedCodeError::Length { found: 21 })
    );
    assert_eq!(
        SeedCode::decode("20400-0U000-00000-038YN"),
        Err(SeedCodeError::BadCharacter {
            character: 'U',
            position: 8
        })
    );
    assert_eq!(
        SeedCode::decode("2040é-00000-00000-038YN"),
        Err(SeedCodeError::BadCharacter {
            character: 'é',
            position: 5
        })
    );
    // One changed symbol breaks the checksum.
    let mut typo: Vec<char> = good.chars().collect();
    typo[7] = if typo[7] == '7' { '8' } else { '7' };
    let typo: String = typo.into_iter().collect();
    assert_eq!(SeedCode::decode(&typo), Err(SeedCodeError::Checksum));
}

#[test]
fn unknown_fields_are_named() {
    let bad_class = SeedCode {
        version: 1,
        class: 31,
        difficulty: 0,
        unlocks: 0,
        initial_seed: 0,
    };
    assert_eq!(bad_class.encode(), Err(SeedCodeError::UnknownClass(31)));
    let bad_version = SeedCode {
        version: 9,
        class: 0,
        difficulty: 0,
        unlocks: 0,
        initial_seed: 0,
    };
    assert_eq!(bad_version.encode(), Err(SeedCodeError::UnknownVersion(9)));
    let bad_difficulty = SeedCode {
        version: 1,
        class: 0,
        difficulty: 7,
        unlocks: 0,
        initial_seed: 0,
    };
    assert_eq!(
        bad_difficulty.encode(),
        Err(SeedCodeError::UnknownDifficulty(7))
    );
    let too_many_unlocks = SeedCode::new(0, 0, 1 << 40, 0);
    assert!(matches!(
        too_many_unlocks.encode(),
        Err(SeedCodeError::FieldTooLarge(_))
    ));
}

#[test]
fn names_resolve_to_indices() {
    assert_eq!(SeedCode::class_index("Bard"), Some(5));
    assert_eq!(SeedCode::difficulty_index("Grizzly Bear"), Some(1));
    assert_eq!(SeedCode::difficulty_index("grizzly-bear"), Some(1));
    assert_eq!(SeedCode::class_index("nobody"), None);
}

proptest! {
    #[test]
    fn encode_then_decode_is_the_identity(
        class in 0..CLASSES.len() as u8,
        difficulty in 0..DIFFICULTIES.len() as u8,
        unlocks in 0u64..(1 << 40),
        seed in 0u32..(1 << 31),
    ) {
        let code = SeedCode::new(class, difficulty, unlocks, seed);
        let text = code.encode().expect("fields in range");
        prop_assert_eq!(text.len(), 23);
        prop_assert_eq!(SeedCode::decode(&text), Ok(code));
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
        let _ = SeedCode::decode(&text);
    }

    #[test]
    fn one_symbol_changed_is_caught(seed in 0u32..(1 << 31), at in 0usize..20, delta in 1u8..32) {
        let text = SeedCode::new(0, 1, 0, seed).encode().expect("fields in range");
        let mut symbols: Vec<char> = text.chars().filter(|c| *c != '-').collect();
        let alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
        let old = alphabet.find(symbols[at]).expect("encoder uses the alphabet");
        symbols[at] = alphabet.as_bytes()[(old + usize::from(delta)) % 32] as char;
        let changed: String = symbols.into_iter().collect();
        // A CRC-16 catches every single-symbol change (a burst of at most 5 bits) unless the
        // new payload happens to be invalid first; either way the string is rejected.
        prop_assert!(SeedCode::decode(&changed).is_err());
    }
}
