CREATE TABLE "RateLimitBucket" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "tokens" REAL NOT NULL,
    "allowed" BOOLEAN NOT NULL,
    "at" DATETIME NOT NULL
);
