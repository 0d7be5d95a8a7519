"""The web app: tables, seats, bots and live play over WebSockets (``gamenight serve``)."""
