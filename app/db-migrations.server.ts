// Append only: each entry runs once, in order, on every database.
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE newsletter_subscribers (
     id INTEGER PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     subscribed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   );`,
]
