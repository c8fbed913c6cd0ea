//! Files written whole or not at all: a temporary file in the folder of
//! the file it is written for, renamed over it once complete.

use std::io;
use std::path::Path;

/// A new temporary file in `folder`, named `{prefix}XXXXXX{suffix}`, to be
/// renamed over the file it is written for once complete
/// ([`tempfile::NamedTempFile::persist`]); removed if dropped before.
///
/// Its permissions are those of any new file, what the umask leaves of
/// 0666, so that the file it becomes is readable as any other the user
/// makes (a temporary file is otherwise made 0600).
///
/// ```
/// use std::io::Write;
/// let folder = tempfile::tempdir().unwrap();
/// let mut temp = leap_core::files::temporary_in(folder.path(), ".game.", ".tmp").unwrap();
/// temp.write_all(b"1.E6-E8 *").unwrap();
/// temp.persist(folder.path().join("game.pgn")).unwrap();
/// assert_eq!(std::fs::read_to_string(folder.path().join("game.pgn")).unwrap(), "1.E6-E8 *");
/// ```
pub fn temporary_in(folder: &Path, prefix: &str, suffix: &str) -> io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(prefix).suffix(suffix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(folder)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A file written through a temporary one has the mode any new file
    /// gets, whatever the umask takes away: not the temporary 0600.
    #[test]
    fn a_file_written_whole_is_readable_as_any_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let written = folder.path().join("written");
        temporary_in(folder.path(), ".w.", ".tmp").unwrap().persist(&written).unwrap();
        let probe = folder.path().join("probe");
        std::fs::write(&probe, "").unwrap();
        assert_eq!(mode(&written), mode(&probe), "{:o}", mode(&written));
        assert_ne!(mode(&written), 0o600);
    }
}
