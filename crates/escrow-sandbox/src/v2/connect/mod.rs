//! Connect: a hosted flow that connects a person to the tenant as a user.

pub mod routes;
