//! What people writing variants read: the JSON Schema of the format
//! (`camelot schema`, kept in docs/variant.schema.json), and
//! docs/variants.md (its reference table of every key, its list of
//! evaluation weights, and its tutorial, whose final file must load), and
//! the README's list of evaluation weights.

use leap_core::search::Weights;
use leap_games::{parse, Variant};
use serde_json::Value;
use std::process::Command;

const SCHEMA_FILE: &str = include_str!("../docs/variant.schema.json");
const GUIDE: &str = include_str!("../docs/variants.md");

/// The schema the command prints.
fn printed_schema() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_camelot")).arg("schema").output().expect("camelot runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(SCHEMA_FILE).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("a valid JSON Schema")
}

/// A TOML text as the JSON value editors validate.
fn as_json(text: &str) -> Value {
    let value: toml::Value = toml::from_str(text).expect("TOML");
    serde_json::to_value(value).expect("JSON")
}

/// The schema's complaints about a TOML text.
fn complaints(v: &jsonschema::Validator, text: &str) -> Vec<String> {
    v.iter_errors(&as_json(text)).map(|e| format!("{} at {}", e, e.instance_path())).collect()
}

#[test]
fn the_committed_schema_is_what_camelot_schema_prints() {
    let printed = printed_schema();
    if printed != SCHEMA_FILE {
        panic!("docs/variant.schema.json is out of date: run `camelot schema > docs/variant.schema.json`");
    }
}

#[test]
fn every_built_in_variant_file_validates_against_the_schema() {
    let v = validator();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 9, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(complaints(&v, &text), Vec::<String>::new(), "{}", file.display());
    }
    // The README's and the guide's examples too.
    for doc in [include_str!("../README.md"), GUIDE] {
        for block in doc.split("```toml\n").skip(1).filter_map(|b| b.split("```").next()) {
            if toml::from_str::<toml::Value>(block).is_ok() {
                assert_eq!(complaints(&v, block), Vec::<String>::new(), "{block}");
            }
        }
    }
}

#[test]
fn the_schema_flags_what_the_loader_refuses() {
    let v = validator();
    let base = "extends = \"camelot\"\nname = \"x\"\n";
    for (extra, why) in [
        ("nmae = \"y\"\n", "an unknown key"),
        ("[rules]\ncastle_moves = 16\n", "castle_moves above 15"),
        ("[rules]\ncastle_moves = -1\n", "a negative number"),
        ("[board]\nfiles = \"10\"\n", "text for a number"),
        ("[board]\ngeometry = \"round\"\n", "an unknown geometry"),
        ("[end]\ncounter_baring = \"yes\"\n", "text for true or false"),
        ("[end]\nroyal = \"Knight\"\n", "a name for a list"),
        ("[[players]]\nname = \"White\"\n", "a player without a letter"),
        ("family = \"camelot\"\n[eval]\nking = 5\n", "a checkers weight in a Camelot file"),
        ("[eval]\nmobility = 1000000\n", "a wild weight"),
    ] {
        let text = format!("{base}{extra}");
        assert!(!complaints(&v, &text).is_empty(), "the schema accepts {why}:\n{text}");
        assert!(parse("x.toml", &text).is_err(), "the loader accepts {why}");
    }
    // A table's required keys are not required where `extends` gives them.
    let partial = "extends = \"camette\"\nname = \"x\"\n[board]\nlayout = \"\"\"\n...\n...\n\"\"\"\n";
    assert_eq!(complaints(&v, partial), Vec::<String>::new());
    let alone = "name = \"x\"\n[board]\nlayout = \"...\"\n";
    assert!(complaints(&v, alone).iter().any(|c| c.contains("\"geometry\" is a required property")), "{alone}");
    // A checkers weight is fine in a checkers file, and either family's in a
    // file that extends another without naming its family.
    assert_eq!(complaints(&v, "name = \"x\"\nfamily = \"checkers\"\n[eval]\nking = 5\n"), Vec::<String>::new());
    assert_eq!(complaints(&v, "extends = \"checkers\"\nname = \"x\"\n[eval]\nking = 5\n"), Vec::<String>::new());
    assert!(parse("x.toml", "extends = \"checkers\"\nname = \"x\"\n[eval]\nking = 5\n").is_ok());
}

#[test]
fn the_guide_has_the_reference_table_of_every_key() {
    let table = leap_format::reference_table();
    assert!(
        GUIDE.contains(&table),
        "docs/variants.md's reference table differs from leap_format::reference_table(); it should read:\n{table}"
    );
    // Every key, nested ones by their dotted path, has a row of its own.
    for key in leap_format::KEYS {
        let row = |shown: String| table.lines().any(|l| l.starts_with(&format!("| {shown} |")));
        let top = [format!("`{}`", key.name), format!("`[{}]`", key.name), format!("`[[{}]]`", key.name)];
        assert!(top.into_iter().any(row), "{}", key.name);
        if let leap_format::Ty::Table(inner) | leap_format::Ty::Tables(inner) = key.ty {
            for k in inner {
                assert!(row(format!("`{}.{}`", key.name, k.name)), "{}.{}", key.name, k.name);
            }
        }
    }
    assert!(table.contains("`end.counter_baring`") && table.contains("`pieces.promotes_to`"));
}

#[test]
fn the_guide_lists_every_evaluation_weight_of_each_family() {
    for (family, names) in [
        ("camelot", <leap_camelot::EvalWeights as Weights>::NAMES),
        ("checkers", <leap_checkers::EvalWeights as Weights>::NAMES),
    ] {
        let line = GUIDE
            .lines()
            .find(|l| l.starts_with(&format!("- {family} family: ")))
            .unwrap_or_else(|| panic!("a line `- {family} family: ...` in docs/variants.md"));
        let listed: Vec<String> = line
            .split(": ")
            .nth(1)
            .unwrap()
            .split(", ")
            .map(|w| w.trim_matches(|c| c == '`' || c == '.').to_string())
            .collect();
        assert_eq!(listed, names, "{family}");
    }
}

#[test]
fn the_readme_names_every_evaluation_weight_of_each_family() {
    // (The README's section on `[eval]`: each family's weights, in
    // backticks, with their defaults.)
    let readme = include_str!("../README.md");
    let section = readme.split("Camelot-family names").nth(1).expect("the README's list of weights");
    let section = section.split("An unknown name").next().unwrap();
    let (camelot, checkers) = section.split_once("checkers:").expect("checkers' weights after Camelot's");
    for (family, text, names) in [
        ("camelot", camelot, <leap_camelot::EvalWeights as Weights>::NAMES),
        ("checkers", checkers, <leap_checkers::EvalWeights as Weights>::NAMES),
    ] {
        let named: Vec<&str> = text.split('`').skip(1).step_by(2).collect();
        let missing: Vec<&&str> = names.iter().filter(|n| !named.contains(n)).collect();
        assert!(missing.is_empty(), "{family}: the README does not name {missing:?}");
    }
}

/// The TOML blocks of the guide's tutorial, in order.
fn tutorial_steps() -> Vec<&'static str> {
    let tutorial = GUIDE.split("## Tutorial").nth(1).expect("a ## Tutorial section");
    let tutorial = tutorial.split("\n## ").next().unwrap();
    tutorial.split("```toml\n").skip(1).filter_map(|b| b.split("```").next()).collect()
}

#[test]
fn the_tutorials_final_file_loads_and_plays_as_described() {
    let steps = tutorial_steps();
    assert!(steps.len() >= 3, "the tutorial builds the file in steps");
    let last = steps.last().unwrap();
    let g = match parse("docs/variants.md", last) {
        Ok(Variant::Camelot(g)) => g,
        Ok(_) => panic!("the tutorial's variant is of the Camelot family"),
        Err(e) => panic!("the tutorial's final file does not load:\n{e}"),
    };
    use leap_core::Game;
    assert_eq!(g.name(), "outpost");
    assert_eq!(g.title(), "Outpost (a small Camelot)");
    // What the tutorial says of it.
    assert_eq!(g.board().len(), 40);
    assert_eq!(g.end_rules().goal_count, Some(1));
    assert!(g.end_rules().counter_baring);
    assert_eq!(g.end_rules().royal_count[..2], [1, 1]);
    assert!(!g.legal_moves(&g.start()).is_empty());
    // Every step is a file that loads, the first ones included.
    for (i, step) in steps.iter().enumerate() {
        if let Err(e) = parse("docs/variants.md", step) {
            panic!("step {} of the tutorial does not load:\n{step}\n{e}", i + 1);
        }
    }
}
