//! Floor-property loading: the shipped presets equal the vectors' `presets.json`, YAML and JSON
//! both load, and every kind of bad input gets an error naming the field (and the line).

use tile_map::{parse_properties, preset, set_property, ErrorKind, FloorProperties, PRESET_NAMES};

#[test]
fn presets_equal_the_reference_presets_json() {
    let text = include_str!("vectors/presets.json");
    let reference: serde_json::Value = serde_json::from_str(text).expect("presets.json parses");
    let object = reference.as_object().expect("an object of presets");
    assert_eq!(object.len(), PRESET_NAMES.len());
    for name in PRESET_NAMES {
        let json = serde_json::to_string(&object[name]).expect("re-serialises");
        // JSON is YAML: the same loader reads it.
        let from_json = parse_properties(&json, &FloorProperties::default()).expect("loads");
        assert_eq!(
            preset(name).expect("shipped preset"),
            from_json,
            "preset {name}"
        );
    }
}

#[test]
fn unknown_field_is_reported_with_its_line() {
    let error = parse_properties("room_density: 6\nlayot: 4\n", &FloorProperties::default())
        .expect_err("unknown field");
    let message = error.to_string();
    assert!(message.contains("layot"), "{message}");
    assert!(
        matches!(error.kind(), ErrorKind::Parse { line: Some(2), .. }),
        "{message}"
    );
    assert!(!message.contains('\n'));
}

#[test]
fn wrong_type_is_reported_with_field_and_line() {
    let error = parse_properties(
        "layout: 0\nitem_density: lots\n",
        &FloorProperties::default(),
    )
    .expect_err("wrong type");
    let message = error.to_string();
    assert!(message.contains("item_density"), "{message}");
    assert!(
        matches!(error.kind(), ErrorKind::Parse { line: Some(2), .. }),
        "{message}"
    );
}

#[test]
fn every_out_of_range_value_is_listed_with_its_line() {
    let text = "layout: 16\nroom_density: 6\nkecleon_shop_chance: 101\nhidden_stairs_type: 3\n";
    let error = parse_properties(text, &FloorProperties::default()).expect_err("out of range");
    let ErrorKind::Invalid(problems) = error.kind() else {
        panic!("expected range problems, got {error}");
    };
    let found: Vec<(&str, Option<usize>)> = problems
        .iter()
        .map(|p| (p.field.as_str(), p.line))
        .collect();
    assert_eq!(
        found,
        vec![
            ("layout", Some(1)),
            ("kecleon_shop_chance", Some(3)),
            ("hidden_stairs_type", Some(4))
        ]
    );
    assert!(!error.to_string().contains('\n'));
}

#[test]
fn json_lines_are_found_too() {
    let text = "{\n  \"layout\": 1,\n  \"monster_house_chance\": 300\n}\n";
    let error = parse_properties(text, &FloorProperties::default()).expect_err("out of range");
    let ErrorKind::Invalid(problems) = error.kind() else {
        panic!("expected range problems, got {error}");
    };
    assert_eq!(problems[0].field, "monster_house_chance");
    assert_eq!(problems[0].line, Some(3));
}

#[test]
fn a_file_overrides_only_what_it_names() {
    let base = preset("water").expect("preset");
    let props = parse_properties("allow_dead_ends: true\nlayout: 11\n", &base).expect("loads");
    assert!(props.allow_dead_ends);
    assert_eq!(props.layout, 11);
    assert_eq!(
        props.secondary_terrain_density,
        base.secondary_terrain_density
    );
}

#[test]
fn set_applies_one_override_and_rejects_bad_ones() {
    let base = preset("std").expect("preset");
    let props = set_property(&base, "room_density=-3").expect("valid");
    assert_eq!(props.room_density, -3);
    for bad in [
        "room_density",
        "bogus=1",
        "room_density=x",
        "trap_density=256",
    ] {
        let error = set_property(&base, bad).expect_err(bad);
        let message = error.to_string();
        assert!(
            !message.contains('\n') && !message.is_empty(),
            "{bad}: {message}"
        );
        let field = bad.split('=').next().unwrap_or(bad);
        assert!(message.contains(field), "{bad}: {message}");
    }
}

#[test]
fn unknown_preset_is_an_error() {
    let error = preset("nope").expect_err("unknown");
    assert!(matches!(error.kind(), ErrorKind::UnknownPreset(name) if name == "nope"));
}
