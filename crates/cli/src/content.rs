//! `tabletop <game> content`: the content catalog (every id a view or an action can hold → its
//! name, kind and text), as JSON for clients or as a readable index.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use serde_json::Value;

#[derive(Args, Debug)]
pub struct ContentArgs {
    /// Print the whole catalog as one JSON object (what `GET /api/catalog/{game}` serves).
    #[arg(long)]
    json: bool,
}

/// Print a game's catalog: JSON, or one line per entry (`sectors[28]  sector  Persephone`).
pub fn print(catalog: &impl Serialize, args: &ContentArgs) -> Result<()> {
    let value = serde_json::to_value(catalog)?;
    if args.json {
        println!("{}", serde_json::to_string(&value)?);
        return Ok(());
    }
    let mut lines = Vec::new();
    index(&value, "", &mut lines);
    println!("{}", lines.join("\n"));
    Ok(())
}

/// Every object with a `name` and a `kind`, under the path that reaches it.
fn index(v: &Value, path: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            if let (Some(Value::String(name)), Some(Value::String(kind))) =
                (o.get("name"), o.get("kind"))
            {
                out.push(format!("{path:<28} {kind:<12} {name}"));
            }
            for (k, x) in o {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                index(x, &p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                index(x, &format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}
