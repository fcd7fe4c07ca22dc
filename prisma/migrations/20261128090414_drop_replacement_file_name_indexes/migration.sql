-- DropIndex
DROP INDEX "media_replacementFileName_key";

-- DropIndex
DROP INDEX "media_replacementPosterFileName_key";
