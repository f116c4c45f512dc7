"""bot/i18n and the words the platform says: catalogues in both languages, Japanese style."""
