//! Loading a VARIANT argument (a built-in name or a file) into a game, and
//! running code generic over the game type.

use leap_camelot::Camelot;

/// A loaded variant of any family the program knows.
pub enum Variant {
    /// A Camelot-family game.
    Camelot(Camelot),
}

/// Runs `$body` with `$g` bound to the loaded game, whatever its family.
#[macro_export]
macro_rules! with_game {
    ($variant:expr, $g:ident => $body:expr) => {
        match $variant {
            $crate::variant::Variant::Camelot($g) => $body,
        }
    };
}

/// Loads a built-in variant by name, or a variant file by path.
pub fn load(name_or_path: &str) -> Result<Variant, String> {
    leap_camelot::load(name_or_path).map(Variant::Camelot).map_err(|e| e.to_string())
}

/// The built-in variants: name and title.
pub fn builtin() -> Vec<(String, String)> {
    leap_camelot::BUILTIN
        .iter()
        .filter_map(|(n, _)| leap_camelot::load(n).ok().map(|g| (n.to_string(), g.title().to_string())))
        .collect()
}
