//! Arguments of the tools: `escrow api`, `escrow logs`, `escrow completions` and the hidden documentation
//! generator the package build runs.

use crate::body::BodyArgs;
use clap::{Args, Subcommand};
use clap_complete::Shell;
use std::path::PathBuf;

const API_HELP: &str = "\
The answer's body is printed as it came (JSON pretty-printed); the exit code follows the status:
0 for 2xx, 3 for any other status, 4 when there is no answer. With GET and DELETE, --field
pairs become the query string; otherwise they make a JSON body (as with the other commands).
In the published dialect the body's specs' names are sent as the published ones.
Examples:
  escrow api GET /v2/transactions --field take=5
  escrow api POST /v2/connect --field referenceId=cust-1
  escrow api GET /v1/marketplace/users/seller-1/trades";

#[derive(Debug, Args)]
#[command(after_help = API_HELP)]
pub struct Api {
    /// The HTTP method: GET, POST, PUT, PATCH or DELETE
    #[arg(value_name = "METHOD")]
    pub method: String,
    /// The path after the base URL, e.g. /v2/transactions
    #[arg(value_name = "PATH")]
    pub path: String,
    #[command(flatten)]
    pub body: BodyArgs,
    /// Print the status line and the answer's headers (on stderr) too
    #[arg(long, short = 'i')]
    pub include: bool,
}

#[derive(Debug, Args)]
pub struct Completions {
    /// The shell: bash, zsh, fish, elvish or powershell
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

#[derive(Debug, Args)]
pub struct GenerateDocs {
    /// The folder to write man1/*.1 and completions/{escrow.bash,_escrow,escrow.fish} into
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum Logs {
    /// The last lines of Escrow Desk's log files, of one action or one call if asked; --follow for new ones
    Tail(LogsTail),
}

#[derive(Debug, Args)]
pub struct LogsTail {
    /// Only lines logged while the journaled action with this id ran (as the app's Activity shows it)
    #[arg(long, value_name = "ACTION_ID")]
    pub action: Option<String>,
    /// Only lines of the call to the service with this correlation id (as an error message quotes it)
    #[arg(long, value_name = "CORRELATION_ID")]
    pub correlation: Option<String>,
    /// How many of the last matching lines to print first
    #[arg(long, short = 'n', value_name = "N", default_value_t = 50)]
    pub lines: usize,
    /// Keep printing new lines as the app writes them, until Ctrl+C
    #[arg(long, short = 'f')]
    pub follow: bool,
    /// The log folder [default: $ESCROW_DESK_LOG_DIR, else the app's]
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}
