import pytest
from account_steps import sign_up


@pytest.fixture
def ann(client, django_user_model):
    """A player who has just signed up (and is therefore logged in) in `client`."""
    sign_up(client)
    return django_user_model.objects.get(username="ann")
