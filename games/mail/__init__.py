"""The e-mail channel: outbound notices now (outbound.py); inbound replies come with issue 9's next slice."""
