-- The server creates the platform's Ed25519 signing key on first use (src/server/lib/signing.ts) and
-- retires it on rotation, running as edufam_app in the system scope; the key is not tenant data (no RLS).
GRANT INSERT, UPDATE ON "signing_keys" TO edufam_app;
