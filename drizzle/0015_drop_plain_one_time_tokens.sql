-- One-time tokens are now stored as SHA-256 hashes (verification.storeIdentifier "hashed" in
-- app/modules/accounts/auth.server.ts). Rows written before hold usable tokens in plain text;
-- they live at most a day, so they are dropped: a member whose link stops working asks again.
DELETE FROM auth_verification;
