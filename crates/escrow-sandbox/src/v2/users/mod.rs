//! Connected users, their bank accounts and bank-account onboarding.

pub mod onboarding;
pub mod routes;
pub mod store;
pub mod view;
