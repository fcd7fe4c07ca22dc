-- CreateTable
CREATE TABLE "sso_configs" (
    "accountId" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretSealed" TEXT NOT NULL,
    "defaultRole" "AccountRole" NOT NULL,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sso_configs_pkey" PRIMARY KEY ("accountId")
);

-- CreateTable
CREATE TABLE "sso_domains" (
    "domain" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,

    CONSTRAINT "sso_domains_pkey" PRIMARY KEY ("domain")
);

-- CreateTable
CREATE TABLE "sso_logins" (
    "stateHash" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_logins_pkey" PRIMARY KEY ("stateHash")
);

-- CreateIndex
CREATE INDEX "sso_domains_accountId_idx" ON "sso_domains"("accountId");

-- CreateIndex
CREATE INDEX "sso_logins_accountId_idx" ON "sso_logins"("accountId");

-- AddForeignKey
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
