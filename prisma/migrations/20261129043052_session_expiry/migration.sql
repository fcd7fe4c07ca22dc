-- When a session's last token expires (docs/architecture/sessions.md). Rows already there stay
-- null: how long their tokens live is JWT_TTL, which this file cannot read, so the sweep deletes
-- them by their last sight and the lifetime the server is configured with.
-- AlterTable
ALTER TABLE "user_sessions" ADD COLUMN     "expiresAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "user_sessions_expiresAt_idx" ON "user_sessions"("expiresAt");
