-- Document status (issue 27 item 9, decision 031): one vocabulary, the specification's own. Doc 1 §3
-- and §4 name it "PENDING, READY, or failed" (upper-case PENDING and READY, lower-case failed, as the
-- specification writes them); the contract's DocumentStatus and 0004's CHECK already allow exactly
-- those three values, so no value is renamed. What this migration adds is that the rest of a document
-- agrees with its status, so no reader meets a mixed state:
--   failed   ⇔ error holds the reason, written for the owner;
--   anything but READY ⇒ chunk_count = 0 (a large document written in batches, decision 031, stays
--   PENDING with 0 until its last batch marks it READY with its count).
-- Rows that disagree (none are expected) are brought in line first.

UPDATE documents SET error = 'This document could not be processed. Please upload it again.'
 WHERE status = 'failed' AND (error IS NULL OR btrim(error) = '');
UPDATE documents SET error = NULL WHERE status <> 'failed' AND error IS NOT NULL;
UPDATE documents SET chunk_count = 0 WHERE status <> 'READY' AND chunk_count <> 0;

ALTER TABLE documents
  ADD CONSTRAINT documents_failed_has_reason CHECK ((status = 'failed') = (error IS NOT NULL)),
  ADD CONSTRAINT documents_chunks_when_ready CHECK (status = 'READY' OR chunk_count = 0);
