//! The `position` target: see `leap_fuzzing::position`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| leap_fuzzing::position(data));
