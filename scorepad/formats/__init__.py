"""Date and time formats of the app's languages, where Django's own do not suit our players
(`FORMAT_MODULE_PATH`): Django's French and Dutch ones are kept."""
