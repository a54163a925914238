//! The archive's JSON Schema (docs/archive.schema.json), checked against every archive the
//! tests export: the schema is what a stranger writes a verifier against, so whatever herald
//! writes must fit it.

use std::sync::OnceLock;

/// Checks `json` (an archive as `herald game export ID --json` prints it) against the schema;
/// panics naming each place that does not fit.
pub fn check(json: &str) {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    let validator = VALIDATOR.get_or_init(|| {
        let path = format!("{}/docs/archive.schema.json", env!("CARGO_MANIFEST_DIR"));
        let schema: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{path} is not a valid schema: {e}"))
    });
    let instance: serde_json::Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("not JSON: {e}\n{json}"));
    let errors: Vec<String> = validator.iter_errors(&instance).map(|e| format!("{}: {e}", e.instance_path())).collect();
    assert!(errors.is_empty(), "the archive does not fit docs/archive.schema.json:\n{}\n{json}", errors.join("\n"));
}

/// [`check`] for an archive value.
pub fn check_archive(archive: &herald::referee::archive::Archive) {
    check(&serde_json::to_string_pretty(archive).unwrap());
}
