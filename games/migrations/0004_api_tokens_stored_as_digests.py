"""Plain API tokens (rest_framework.authtoken) become knox tokens that store only a digest.

knox finds a token by its first 15 characters (token_key) and checks the SHA-512 digest
of the whole key, with no length rule, so an old 40-character key keeps working as it
is: clients need not change anything. The plain keys are then deleted.
"""

from django.db import migrations
from knox.crypto import hash_token
from knox.settings import CONSTANTS


def digest_plain_tokens(apps, schema_editor):
    Token = apps.get_model("authtoken", "Token")
    AuthToken = apps.get_model("knox", "AuthToken")
    for old in Token.objects.all():
        # The same derivation as knox's AuthTokenManager.create and TokenAuthentication.
        new = AuthToken(
            digest=hash_token(old.key), token_key=old.key[: CONSTANTS.TOKEN_KEY_LENGTH],
            user_id=old.user_id, expiry=None,
        )
        new.save(force_insert=True)
        # created is auto_now_add: set afterwards so the page shows the token's real age.
        AuthToken.objects.filter(pk=new.pk).update(created=old.created)
    Token.objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0003_notification_last_attempt_at"),
        ("knox", "0009_extend_authtoken_field"),
        ("authtoken", "0004_alter_tokenproxy_options"),
    ]

    operations = [
        # Not reversible in substance: a digest does not give the key back. Going back
        # leaves the knox tokens in place (plain tokens would have to be issued anew).
        migrations.RunPython(digest_plain_tokens, migrations.RunPython.noop),
    ]
