-- CreateTable
CREATE TABLE "admin_setup_tokens" (
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_setup_tokens_pkey" PRIMARY KEY ("tokenHash")
);
