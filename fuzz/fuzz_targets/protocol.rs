//! The `protocol` target: see `leap_fuzzing::protocol`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| leap_fuzzing::protocol(data));
