-- When each player last signed out every other browser (crate::tokens): a
-- token of theirs issued before it is refused. The signing keys are the
-- rows of `secrets`, each id a key id; the newest signs.
CREATE TABLE sign_outs (
    player TEXT PRIMARY KEY,
    at BIGINT NOT NULL
);
