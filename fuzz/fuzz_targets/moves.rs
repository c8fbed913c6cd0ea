//! The `moves` target: see `leap_fuzzing::moves`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| leap_fuzzing::moves(data));
