//! The `variant_structured` target: see `leap_fuzzing::variant_structured`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| leap_fuzzing::variant_structured(data));
