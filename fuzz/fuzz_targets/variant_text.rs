//! The `variant_text` target: see `leap_fuzzing::variant_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| leap_fuzzing::variant_text(data));
