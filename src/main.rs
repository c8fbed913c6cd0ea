fn main() {
    std::process::exit(camelot_cli::main());
}
