//! The `record` target: see `leap_fuzzing::record`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| leap_fuzzing::record(data));
