DATABASE_URL=op://Dev/storefront-db/url
STRIPE_SECRET_KEY=op://Dev/stripe-test/secret
