//! Run-time checks for the optional instructions some fast paths use, where presence alone is
//! not enough.

/// Whether BMI2 is present AND its `pdep`/`pext` are fast. AMD's cores before Zen 3 (family
/// 0x19), and Hygon's (built on Zen 1), run the two in microcode: from tens to hundreds of
/// cycles each, depending on the mask, which is slower than the portable code they replace.
/// Every other BMI2 CPU does them in about three cycles. Detected once, then cached (`cpuid`
/// traps to the hypervisor in a virtual machine).
#[cfg(target_arch = "x86_64")]
pub(crate) fn fast_bmi2() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(|| std::arch::is_x86_feature_detected!("bmi2") && !microcoded_pdep())
}

/// Whether this CPU is one whose `pdep`/`pext` are microcoded (see [`fast_bmi2`]): the vendor
/// from `cpuid` leaf 0, the family from leaf 1 (base family 0xF adds the extended family).
#[cfg(target_arch = "x86_64")]
fn microcoded_pdep() -> bool {
    use std::arch::x86_64::{__cpuid, CpuidResult};
    // `__cpuid` is an unsafe fn in older Rust (the MSRV, 1.87, among them) and safe in newer.
    #[allow(unsafe_code, unused_unsafe)]
    // SAFETY: every x86-64 CPU has the `cpuid` instruction, and leaves 0 and 1 always exist.
    let (vendor, signature): (CpuidResult, CpuidResult) = unsafe { (__cpuid(0), __cpuid(1)) };
    let mut name = [0u8; 12];
    name[..4].copy_from_slice(&vendor.ebx.to_le_bytes());
    name[4..8].copy_from_slice(&vendor.edx.to_le_bytes());
    name[8..].copy_from_slice(&vendor.ecx.to_le_bytes());
    let base_family = (signature.eax >> 8) & 0xF;
    let family = if base_family == 0xF {
        base_family + ((signature.eax >> 20) & 0xFF)
    } else {
        base_family
    };
    match &name {
        b"AuthenticAMD" => family < 0x19,
        b"HygonGenuine" => true,
        _ => false,
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn fast_bmi2_implies_bmi2_and_is_stable() {
        let first = fast_bmi2();
        assert!(!first || std::arch::is_x86_feature_detected!("bmi2"));
        assert_eq!(fast_bmi2(), first);
        // The uncached check agrees with the cached one.
        assert_eq!(
            std::arch::is_x86_feature_detected!("bmi2") && !microcoded_pdep(),
            first
        );
    }
}
