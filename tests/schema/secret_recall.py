"""Generated corpus for the secret scanner, and the recall / false-positive report of docs/secrets.md.

Every credential here is drawn at run time from a seeded RNG in its provider's format: none was ever issued, and
none is written to the repository (GitHub push protection and other scanners never see a fixed token). Each kind
is placed in every field an agent can fill: a note body (paragraph, list with inline code, table cell, fenced
code), a title, a path, a frontmatter value and a tool argument (a `reason`). The look-alikes (hashes, UUIDs,
ULIDs, git SHAs, data-URI images, public identifiers, documented placeholders, Markdown and URLs, code, prose)
go through the same placements and must give no finding at all.

    uv run python tests/schema/secret_recall.py            # the tables of docs/secrets.md
    uv run python tests/schema/secret_recall.py --misses   # and every text that was missed or flagged
"""

from __future__ import annotations

import base64
import hashlib
import random
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from cabecao_schema.secrets import scan_secrets

SEED = 20261129
SAMPLES_PER_KIND = 3  # independent draws of each kind, each one in every placement

DIGITS = "0123456789"
HEX = "0123456789abcdef"
LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = LOWER.upper()
LETTERS = UPPER + LOWER
ALNUM = UPPER + LOWER + DIGITS
LOWER_ALNUM = LOWER + DIGITS
UPPER_ALNUM = UPPER + DIGITS
URLSAFE = ALNUM + "-_"
B64 = ALNUM + "+/"
BASE32_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BASE32_LOWER = BASE32_UPPER.lower()
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


@dataclass(frozen=True)
class Sample:
    text: str  # what an agent would paste (the credential, with its key or URL when the kind needs one)
    offset: int = 0  # where, in `text`, the reported secret starts
    secret: str | None = None  # what must never be shown (default: from `offset` to the next separator)


@dataclass(frozen=True)
class Kind:
    name: str  # the credential kind, for humans
    rule: str  # the rule that must report it
    make: Callable[[random.Random], Sample]


@dataclass(frozen=True)
class Placed:
    placement: str
    text: str
    line: int  # 1-based, where the finding must be
    column: int


def draw(rng: random.Random, alphabet: str, length: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(length))


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _b64_bytes(rng: random.Random, size: int, *, urlsafe: bool = False) -> str:
    raw = rng.randbytes(size)
    return (base64.urlsafe_b64encode(raw) if urlsafe else base64.b64encode(raw)).decode()


def _password(rng: random.Random, length: int = 12) -> str:
    """A human-style password: letters, then digits and symbols mixed in (never a sentence-ending character)."""
    body = [rng.choice(LETTERS)] + [rng.choice(ALNUM + "!^~+=") for _ in range(length - 3)]
    body += [rng.choice(DIGITS), rng.choice("!^~+")]
    return "".join(body)


def _jwt(rng: random.Random) -> str:
    header = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').rstrip(b"=").decode()
    claims = f'{{"sub":"{rng.randint(10**5, 10**6)}","iat":{rng.randint(1_700_000_000, 1_800_000_000)}}}'
    payload = base64.urlsafe_b64encode(claims.encode()).rstrip(b"=").decode()
    return f"{header}.{payload}.{draw(rng, URLSAFE, 43)}"


def _key_block(rng: random.Random, label: str) -> str:
    """A one-line key block with `\\n` escapes (as in JSON and .env files); the body is random base64."""
    body = "\\n".join(draw(rng, B64, 64) for _ in range(3))
    return f"-----BEGIN {label}-----\\n{body}\\n-----END {label}-----"


def token(fn: Callable[[random.Random], str]) -> Callable[[random.Random], Sample]:
    return lambda rng: Sample(fn(rng))


def after(
    prefix: Callable[[random.Random], str], value: Callable[[random.Random], str], suffix: str = ""
) -> Callable[[random.Random], Sample]:
    """`prefix + value + suffix`, the secret starting at the value (a key's value, a URL's password…)."""

    def make(rng: random.Random) -> Sample:
        head = prefix(rng)
        return Sample(head + value(rng) + suffix, len(head))

    return make


def keyed(key: str, value: Callable[[random.Random], str]) -> Callable[[random.Random], Sample]:
    """A provider key as an agent writes it: `KEY=v`, `key: v` or `"camelKey": "v"` (one of them per draw)."""
    lower = key.lower()
    parts = lower.split("_")
    camel = parts[0] + "".join(part.title() for part in parts[1:])

    def make(rng: random.Random) -> Sample:
        head = rng.choice([f"{key}=", f"{lower}: ", f'"{camel}": "'])
        tail = '"' if head.endswith('"') else ""
        return Sample(head + value(rng) + tail, len(head))

    return make


def _discord_bot(rng: random.Random) -> str:
    ident = str(rng.randint(10**17, 10**19 - 1)).encode()
    head = base64.urlsafe_b64encode(ident).rstrip(b"=").decode()
    return f"{head}.{draw(rng, URLSAFE, 6)}.{draw(rng, URLSAFE, 38)}"


def _sas_url(rng: random.Random) -> Sample:
    head = (
        f"https://{draw(rng, LOWER, 8)}.blob.core.windows.net/{draw(rng, LOWER, 6)}/relatorio.pdf"
        f"?sp=r&st=2026-11-01T12:00:00Z&se=2026-12-01T12:00:00Z&spr=https&sv=2022-11-02&sr=b&sig="
    )
    return Sample(head + quote(_b64_bytes(rng, 32), safe=""), len(head))


def _gcp_json(rng: random.Random) -> Sample:
    head = (
        f'{{"type": "service_account", "project_id": "atlas-{draw(rng, LOWER, 5)}", '
        f'"private_key_id": "{draw(rng, HEX, 40)}", "private_key": "'
    )
    block = _key_block(rng, "PRIVATE KEY")
    tail = '\\n", "client_email": "deploy@atlas.iam.gserviceaccount.com"}'
    return Sample(head + block + tail, len(head))


def _basic(rng: random.Random) -> str:
    return base64.b64encode(f"{draw(rng, LOWER, 6)}:{_password(rng)}".encode()).decode()


def _docker_auth(rng: random.Random) -> Sample:
    head = '{"auths": {"ghcr.io": {"auth": "'
    return Sample(head + _basic(rng) + '"}}}', len(head))


def _fly_macaroon(rng: random.Random) -> Sample:
    body = "fm2_" + draw(rng, B64, 200)
    return Sample("FlyV1 " + body, 0, body)


def _url_query(param: str) -> Callable[[random.Random], Sample]:
    def make(rng: random.Random) -> Sample:
        head = f"https://api.{draw(rng, LOWER, 7)}.com.br/v2/relatorios?formato=csv&{param}="
        return Sample(head + draw(rng, ALNUM, 32) + "&pagina=2", len(head))

    return make


def _kinds() -> tuple[Kind, ...]:
    k = Kind
    u = URLSAFE
    return (
        # Key blocks.
        k("RSA private key", "private_key", token(lambda r: _key_block(r, "RSA PRIVATE KEY"))),
        k("OpenSSH private key", "private_key", token(lambda r: _key_block(r, "OPENSSH PRIVATE KEY"))),
        k("EC private key", "private_key", token(lambda r: _key_block(r, "EC PRIVATE KEY"))),
        k("PGP private key", "private_key", token(lambda r: _key_block(r, "PGP PRIVATE KEY BLOCK"))),
        k("GCP service-account JSON", "gcp_service_account_key", _gcp_json),
        k(
            "PuTTY private key",
            "putty_private_key",
            token(
                lambda r: (
                    f"PuTTY-User-Key-File-{r.choice('23')}: {r.choice(['ssh-ed25519', 'ssh-rsa'])}"
                    f"\\nEncryption: none\\nComment: {draw(r, LOWER, 6)}@notebook\\nPrivate-Lines: 1\\n{draw(r, B64, 44)}"
                )
            ),
        ),
        k("Cabeção confirmation token", "cabecao_confirm_token", token(lambda r: "cbc_ct_" + draw(r, u, 43))),
        # AI providers.
        k("Anthropic API key", "anthropic_key", token(lambda r: "sk-ant-api03-" + draw(r, u, 93) + "AA")),
        k("Anthropic admin key", "anthropic_key", token(lambda r: "sk-ant-admin01-" + draw(r, u, 93) + "AA")),
        k("OpenRouter key", "openrouter_key", token(lambda r: "sk-or-v1-" + draw(r, HEX, 64))),
        k("OpenAI project key", "openai_key", token(lambda r: "sk-proj-" + draw(r, ALNUM, 156))),
        k(
            "OpenAI legacy key",
            "openai_key",
            token(lambda r: "sk-" + draw(r, ALNUM, 20) + "T3BlbkFJ" + draw(r, ALNUM, 20)),
        ),
        k("Groq key", "groq_key", token(lambda r: "gsk_" + draw(r, ALNUM, 52))),
        k("xAI key", "xai_key", token(lambda r: "xai-" + draw(r, ALNUM, 80))),
        k("Perplexity key", "perplexity_key", token(lambda r: "pplx-" + draw(r, ALNUM, 48))),
        k("Replicate token", "replicate_token", token(lambda r: "r8_" + draw(r, ALNUM, 37))),
        k("NVIDIA API key", "nvidia_key", token(lambda r: "nvapi-" + draw(r, u, 64))),
        k("LangSmith key", "langsmith_key", token(lambda r: f"lsv2_pt_{draw(r, HEX, 32)}_{draw(r, HEX, 10)}")),
        k("Pinecone key", "pinecone_key", token(lambda r: f"pcsk_{draw(r, ALNUM, 5)}_{draw(r, ALNUM, 63)}")),
        k("Hugging Face token", "huggingface_token", token(lambda r: "hf_" + draw(r, LETTERS, 34))),
        k("Hugging Face org token", "huggingface_token", token(lambda r: "api_org_" + draw(r, LETTERS, 34))),
        k("Mistral key", "mistral_key", keyed("MISTRAL_API_KEY", lambda r: draw(r, ALNUM, 32))),
        k("Cohere key", "cohere_key", keyed("COHERE_API_KEY", lambda r: draw(r, ALNUM, 40))),
        # Code hosting, packages, CI.
        k("GitHub classic PAT", "github_token", token(lambda r: "ghp_" + draw(r, ALNUM, 36))),
        k("GitHub OAuth token", "github_token", token(lambda r: "gho_" + draw(r, ALNUM, 36))),
        k("GitHub app token", "github_token", token(lambda r: "ghs_" + draw(r, ALNUM, 36))),
        k(
            "GitHub fine-grained PAT",
            "github_token",
            token(lambda r: f"github_pat_{draw(r, ALNUM, 22)}_{draw(r, ALNUM, 59)}"),
        ),
        k("GitLab PAT", "gitlab_token", token(lambda r: "glpat-" + draw(r, u, 20))),
        k("GitLab runner token", "gitlab_token", token(lambda r: "glrt-" + draw(r, u, 20))),
        k("GitLab runner registration token", "gitlab_token", token(lambda r: "GR1348941" + draw(r, u, 20))),
        k("Bitbucket app password", "bitbucket_token", token(lambda r: "ATBB" + draw(r, ALNUM, 32))),
        k(
            "Atlassian API token",
            "atlassian_token",
            token(lambda r: "ATATT3xFfGF0" + draw(r, u, 170) + "=" + draw(r, HEX, 8).upper()),
        ),
        k("Atlassian legacy API token", "atlassian_token", keyed("JIRA_API_TOKEN", lambda r: draw(r, ALNUM, 24))),
        k("npm token", "npm_token", token(lambda r: "npm_" + draw(r, ALNUM, 36))),
        k("PyPI token", "pypi_token", token(lambda r: "pypi-AgEIcHlwaS5vcmc" + draw(r, u, 70))),
        k("RubyGems key", "rubygems_key", token(lambda r: "rubygems_" + draw(r, HEX, 48))),
        k("NuGet key", "nuget_key", token(lambda r: "oy2" + draw(r, LOWER_ALNUM, 43))),
        k("Clojars token", "clojars_token", token(lambda r: "CLOJARS_" + draw(r, LOWER_ALNUM, 60))),
        k("Docker Hub PAT", "docker_hub_token", token(lambda r: "dckr_pat_" + draw(r, u, 27))),
        k("JFrog API key", "jfrog_token", token(lambda r: "AKCp" + draw(r, ALNUM, 69))),
        k("CircleCI token", "circleci_token", token(lambda r: f"CCIPAT_{draw(r, ALNUM, 22)}_{draw(r, HEX, 40)}")),
        k("Buildkite token", "buildkite_token", token(lambda r: "bkua_" + draw(r, HEX, 40))),
        k("SonarQube token", "sonar_token", token(lambda r: "squ_" + draw(r, HEX, 40))),
        k("Sourcegraph token", "sourcegraph_token", token(lambda r: f"sgp_{draw(r, HEX, 16)}_{draw(r, HEX, 40)}")),
        k("Databricks token", "databricks_token", token(lambda r: "dapi" + draw(r, HEX, 32))),
        k(
            "Azure DevOps PAT",
            "azure_devops_pat",
            keyed("AZURE_DEVOPS_TOKEN", lambda r: draw(r, BASE32_LOWER, 52)),
        ),
        # Chat, mail, messaging.
        k(
            "Slack bot token",
            "slack_token",
            token(lambda r: f"xoxb-{draw(r, DIGITS, 12)}-{draw(r, DIGITS, 13)}-{draw(r, ALNUM, 24)}"),
        ),
        k(
            "Slack user token",
            "slack_token",
            token(
                lambda r: f"xoxp-{draw(r, DIGITS, 12)}-{draw(r, DIGITS, 12)}-{draw(r, DIGITS, 13)}-{draw(r, HEX, 32)}"
            ),
        ),
        k(
            "Slack app token",
            "slack_token",
            token(lambda r: f"xapp-1-A{draw(r, UPPER_ALNUM, 10)}-{draw(r, DIGITS, 13)}-{draw(r, HEX, 64)}"),
        ),
        k(
            "Slack webhook",
            "slack_webhook",
            token(
                lambda r: (
                    f"https://hooks.slack.com/services/T{draw(r, UPPER_ALNUM, 8)}/B{draw(r, UPPER_ALNUM, 10)}/"
                    + draw(r, ALNUM, 24)
                )
            ),
        ),
        k("Discord bot token", "discord_bot_token", token(_discord_bot)),
        k(
            "Discord webhook",
            "discord_webhook",
            token(lambda r: f"https://discord.com/api/webhooks/{draw(r, DIGITS, 18)}/{draw(r, u, 68)}"),
        ),
        k("Discord client secret", "discord_client_secret", keyed("DISCORD_CLIENT_SECRET", lambda r: draw(r, u, 32))),
        k(
            "Microsoft Teams webhook",
            "teams_webhook",
            token(
                lambda r: (
                    f"https://{draw(r, LOWER, 6)}.webhook.office.com/webhookb2/{_uuid(r)}@{_uuid(r)}"
                    f"/IncomingWebhook/{draw(r, HEX, 32)}/{_uuid(r)}"
                )
            ),
        ),
        k(
            "Zapier webhook",
            "zapier_webhook",
            token(lambda r: f"https://hooks.zapier.com/hooks/catch/{draw(r, DIGITS, 7)}/{draw(r, LOWER_ALNUM, 7)}/"),
        ),
        k(
            "Telegram bot token",
            "telegram_bot_token",
            token(lambda r: f"{r.randint(10**8, 10**10 - 1)}:AA{draw(r, u, 33)}"),
        ),
        k("Twilio API key", "twilio_api_key", token(lambda r: "SK" + draw(r, HEX, 32))),
        k("Twilio auth token", "twilio_auth_token", keyed("TWILIO_AUTH_TOKEN", lambda r: draw(r, HEX, 32))),
        k("SendGrid key", "sendgrid_key", token(lambda r: f"SG.{draw(r, u, 22)}.{draw(r, u, 43)}")),
        k("Mailgun key", "mailgun_key", token(lambda r: "key-" + draw(r, HEX, 32))),
        k(
            "Mailgun signing key",
            "mailgun_key",
            keyed("MAILGUN_API_KEY", lambda r: f"{draw(r, HEX, 32)}-{draw(r, HEX, 8)}-{draw(r, HEX, 8)}"),
        ),
        k("Mailchimp key", "mailchimp_key", token(lambda r: f"{draw(r, HEX, 32)}-us{r.randint(1, 21)}")),
        k("Brevo (Sendinblue) key", "brevo_key", token(lambda r: f"xkeysib-{draw(r, HEX, 64)}-{draw(r, ALNUM, 16)}")),
        k("Postman key", "postman_key", token(lambda r: f"PMAK-{draw(r, HEX, 24)}-{draw(r, HEX, 34)}")),
        # Payments, commerce.
        k("Stripe secret key", "stripe_key", token(lambda r: "sk_live_" + draw(r, ALNUM, 24))),
        k("Stripe restricted key", "stripe_key", token(lambda r: "rk_live_" + draw(r, ALNUM, 99))),
        k("Stripe webhook secret", "stripe_key", token(lambda r: "whsec_" + draw(r, ALNUM, 32))),
        k("Shopify access token", "shopify_token", token(lambda r: "shpat_" + draw(r, HEX, 32))),
        k("Shopify shared secret", "shopify_token", token(lambda r: "shpss_" + draw(r, HEX, 32))),
        k("Square access token", "square_token", token(lambda r: "sq0atp-" + draw(r, u, 22))),
        k("Square OAuth secret", "square_token", token(lambda r: "sq0csp-" + draw(r, u, 43))),
        k("Square production token", "square_token", token(lambda r: "EAAA" + draw(r, u, 60))),
        k("Shippo token", "shippo_token", token(lambda r: "shippo_live_" + draw(r, HEX, 40))),
        k("EasyPost key", "easypost_key", token(lambda r: "EZAK" + draw(r, ALNUM, 54))),
        k("Duffel token", "duffel_token", token(lambda r: "duffel_live_" + draw(r, u, 43))),
        k("Flutterwave key", "flutterwave_key", token(lambda r: f"FLWSECK-{draw(r, HEX, 32)}-X")),
        # Google, Microsoft, AWS, Alibaba.
        k("Google API key", "google_api_key", token(lambda r: "AIza" + draw(r, u, 35))),
        k("Google OAuth client secret", "google_oauth_secret", token(lambda r: "GOCSPX-" + draw(r, u, 28))),
        k("Google OAuth access token", "google_oauth_token", token(lambda r: "ya29." + draw(r, u, 150))),
        k("Google OAuth refresh token", "google_oauth_token", token(lambda r: "1//0" + draw(r, u, 100))),
        k("AWS access key id", "aws_access_key", token(lambda r: "AKIA" + draw(r, BASE32_UPPER, 16))),
        k(
            "AWS secret access key",
            "aws_secret_key",
            after(lambda r: "aws_secret_access_key = ", lambda r: draw(r, B64, 40)),
        ),
        k("AWS session token", "aws_session_token", token(lambda r: "FwoGZXIvYXdzE" + draw(r, B64, 300))),
        k(
            "Azure storage connection string",
            "azure_storage_key",
            after(
                lambda r: f"DefaultEndpointsProtocol=https;AccountName={draw(r, LOWER, 10)};AccountKey=",
                lambda r: draw(r, B64, 86) + "==",
                ";EndpointSuffix=core.windows.net",
            ),
        ),
        k(
            "Azure Service Bus connection string",
            "azure_shared_access_key",
            after(
                lambda r: (
                    f"Endpoint=sb://{draw(r, LOWER, 8)}.servicebus.windows.net/;"
                    "SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey="
                ),
                lambda r: _b64_bytes(r, 32),
            ),
        ),
        k("Azure SAS URL", "azure_sas", _sas_url),
        k(
            "Azure AD client secret",
            "azure_ad_client_secret",
            token(lambda r: draw(r, ALNUM, 3) + draw(r, DIGITS, 1) + "Q~" + draw(r, ALNUM + "_~.-", 33) + "x"),
        ),
        k(
            "Azure container registry password",
            "azure_acr_password",
            token(lambda r: draw(r, B64, 42) + "+ACR" + draw(r, ALNUM, 6)),
        ),
        k("Azure OpenAI key", "azure_openai_key", keyed("AZURE_OPENAI_API_KEY", lambda r: draw(r, HEX, 32))),
        k("Alibaba access key id", "alibaba_access_key", token(lambda r: "LTAI" + draw(r, ALNUM, 20))),
        # Infrastructure, hosting, secrets managers.
        k("DigitalOcean PAT", "digitalocean_token", token(lambda r: "dop_v1_" + draw(r, HEX, 64))),
        k("DigitalOcean OAuth token", "digitalocean_token", token(lambda r: "doo_v1_" + draw(r, HEX, 64))),
        k("Heroku API key", "heroku_api_key", token(lambda r: "HRKU-AA" + draw(r, u, 58))),
        k("Heroku legacy API key", "heroku_api_key", keyed("HEROKU_API_KEY", _uuid)),
        k("Vault service token", "vault_token", token(lambda r: "hvs." + draw(r, u, 95))),
        k("Vault batch token", "vault_token", token(lambda r: "hvb." + draw(r, u, 140))),
        k(
            "Terraform Cloud token",
            "terraform_token",
            token(lambda r: f"{draw(r, ALNUM, 14)}.atlasv1.{draw(r, u, 67)}"),
        ),
        k("Doppler personal token", "doppler_token", token(lambda r: "dp.pt." + draw(r, ALNUM, 43))),
        k("Doppler service token", "doppler_token", token(lambda r: "dp.st.prd." + draw(r, ALNUM, 43))),
        k("Pulumi token", "pulumi_token", token(lambda r: "pul-" + draw(r, HEX, 40))),
        k("1Password service account", "onepassword_token", token(lambda r: "ops_eyJ" + draw(r, B64, 200))),
        k(
            "1Password secret key",
            "onepassword_token",
            token(lambda r: "A3-" + "-".join(draw(r, UPPER_ALNUM, n) for n in (6, 6, 5, 5, 5, 5))),
        ),
        k("age secret key", "age_secret_key", token(lambda r: "AGE-SECRET-KEY-1" + draw(r, BECH32.upper(), 58))),
        k(
            "Tailscale key",
            "tailscale_key",
            token(lambda r: f"tskey-auth-k{draw(r, ALNUM, 10)}-{draw(r, ALNUM, 33)}"),
        ),
        k("Fly.io token", "flyio_token", token(lambda r: "fo1_" + draw(r, u, 43))),
        k("Fly.io macaroon", "flyio_token", _fly_macaroon),
        k("Netlify token", "netlify_token", token(lambda r: "nfp_" + draw(r, ALNUM, 36))),
        k("Supabase PAT", "supabase_key", token(lambda r: "sbp_" + draw(r, HEX, 40))),
        k("Supabase secret key", "supabase_key", token(lambda r: "sb_secret_" + draw(r, u, 32))),
        k("PlanetScale token", "planetscale_token", token(lambda r: "pscale_tkn_" + draw(r, u, 43))),
        k("Scalingo token", "scalingo_token", token(lambda r: "tk-us-" + draw(r, u, 48))),
        k("OpenShift token", "openshift_token", token(lambda r: "sha256~" + draw(r, u, 43))),
        k(
            "Dynatrace token",
            "dynatrace_token",
            token(lambda r: f"dt0c01.{draw(r, UPPER_ALNUM, 24)}.{draw(r, UPPER_ALNUM, 64)}"),
        ),
        k(
            "Cloudflare origin CA key",
            "cloudflare_ca_key",
            token(lambda r: f"v1.0-{draw(r, HEX, 24)}-{draw(r, HEX, 146)}"),
        ),
        k("Cloudflare API token", "cloudflare_token", keyed("CLOUDFLARE_API_TOKEN", lambda r: draw(r, u, 40))),
        k("Cloudflare global key", "cloudflare_token", keyed("CF_API_KEY", lambda r: draw(r, HEX, 37))),
        k("Fastly token", "fastly_token", keyed("FASTLY_API_TOKEN", lambda r: draw(r, u, 32))),
        k("Vercel token", "vercel_token", keyed("VERCEL_TOKEN", lambda r: draw(r, ALNUM, 24))),
        k("Infracost key", "infracost_key", token(lambda r: "ico-" + draw(r, ALNUM, 32))),
        k("Prefect key", "prefect_key", token(lambda r: "pnu_" + draw(r, ALNUM, 36))),
        k("Okta token", "okta_token", keyed("OKTA_API_TOKEN", lambda r: "00" + draw(r, u, 40))),
        # Monitoring, product, productivity.
        k("Datadog API key", "datadog_api_key", keyed("DD_API_KEY", lambda r: draw(r, HEX, 32))),
        k("Datadog application key", "datadog_api_key", keyed("DATADOG_APP_KEY", lambda r: draw(r, HEX, 40))),
        k("New Relic user key", "newrelic_key", token(lambda r: "NRAK-" + draw(r, UPPER_ALNUM, 27))),
        k("New Relic license key", "newrelic_key", token(lambda r: draw(r, HEX, 36) + "NRAL")),
        k("Sentry user token", "sentry_token", token(lambda r: "sntryu_" + draw(r, HEX, 64))),
        k("Sentry auth token", "sentry_token", keyed("SENTRY_AUTH_TOKEN", lambda r: draw(r, HEX, 64))),
        k(
            "Sentry DSN with secret",
            "sentry_dsn",
            after(
                lambda r: f"https://{draw(r, HEX, 32)}:",
                lambda r: draw(r, HEX, 32),
                "@o450123.ingest.sentry.io/5512345",
            ),
        ),
        k("Grafana Cloud token", "grafana_token", token(lambda r: "glc_eyJ" + draw(r, B64, 100))),
        k(
            "Grafana service account token",
            "grafana_token",
            token(lambda r: f"glsa_{draw(r, ALNUM, 32)}_{draw(r, HEX, 8)}"),
        ),
        k("PostHog personal key", "posthog_key", token(lambda r: "phx_" + draw(r, ALNUM, 43))),
        k("Snyk token", "snyk_token", keyed("SNYK_TOKEN", _uuid)),
        k("LaunchDarkly SDK key", "launchdarkly_key", keyed("LAUNCHDARKLY_SDK_KEY", lambda r: "sdk-" + _uuid(r))),
        k("Algolia admin key", "algolia_admin_key", keyed("ALGOLIA_ADMIN_KEY", lambda r: draw(r, HEX, 32))),
        k("Linear API key", "linear_api_key", token(lambda r: "lin_api_" + draw(r, ALNUM, 40))),
        k("Notion integration token", "notion_token", token(lambda r: "secret_" + draw(r, ALNUM, 43))),
        k("Notion token (ntn_)", "notion_token", token(lambda r: f"ntn_{draw(r, DIGITS, 11)}{draw(r, ALNUM, 35)}")),
        k("Airtable PAT", "airtable_token", token(lambda r: f"pat{draw(r, ALNUM, 14)}.{draw(r, HEX, 64)}")),
        k("Asana PAT", "asana_token", token(lambda r: f"1/{draw(r, DIGITS, 16)}:{draw(r, HEX, 32)}")),
        k("Figma PAT", "figma_token", token(lambda r: "figd_" + draw(r, u, 40))),
        k("Dropbox token", "dropbox_token", token(lambda r: "sl." + draw(r, u, 135))),
        k(
            "Mapbox secret token",
            "mapbox_token",
            token(lambda r: f"sk.eyJ1Ijoi{draw(r, u, 60)}.{draw(r, u, 22)}"),
        ),
        k("Contentful token", "contentful_token", token(lambda r: "CFPAT-" + draw(r, u, 43))),
        k("Typeform token", "typeform_token", token(lambda r: f"tfp_{draw(r, ALNUM, 44)}_{draw(r, ALNUM, 14)}")),
        k("ReadMe key", "readme_key", token(lambda r: "rdme_" + draw(r, LOWER_ALNUM, 70))),
        k("Frame.io token", "frameio_token", token(lambda r: "fio-u-" + draw(r, u, 64))),
        k("Twitch chat token", "twitch_token", token(lambda r: "oauth:" + draw(r, LOWER_ALNUM, 30))),
        k("Twitch client secret", "twitch_token", keyed("TWITCH_CLIENT_SECRET", lambda r: draw(r, LOWER_ALNUM, 30))),
        k(
            "X/Twitter bearer token",
            "twitter_bearer_token",
            token(lambda r: "A" * 22 + draw(r, ALNUM, 70) + "%3D" + draw(r, ALNUM, 20)),
        ),
        k("Facebook access token", "facebook_access_token", token(lambda r: "EAAG" + draw(r, ALNUM, 150))),
        # Generic shapes and context.
        k("JWT", "jwt", token(_jwt)),
        k("Basic auth header", "basic_auth", after(lambda r: "Authorization: Basic ", _basic)),
        k("Docker config auth", "basic_auth", _docker_auth),
        k(
            "Connection URL password",
            "url_credentials",
            after(lambda r: f"postgres://{draw(r, LOWER, 6)}:", _password, "@db.interno:5432/atlas"),
        ),
        k("Bearer token", "bearer_token", after(lambda r: "Authorization: Bearer ", lambda r: draw(r, ALNUM, 40))),
        k("URL query ?key=", "url_query_secret", _url_query("key")),
        k("URL query ?token=", "url_query_secret", _url_query("token")),
        k("URL query ?access_token=", "url_query_secret", _url_query("access_token")),
        k("URL query ?api_key=", "url_query_secret", _url_query("api_key")),
        k("Password after a keyword", "password_assignment", after(lambda r: "DB_PASSWORD=", _password)),
        k("Secret after a keyword", "secret_assignment", after(lambda r: "API_KEY=", lambda r: draw(r, ALNUM, 32))),
        k("Password in prose", "password_in_prose", after(lambda r: "a senha do banco é ", _password)),
    )


KINDS = _kinds()

# What each rule looks for, in words (the rule table of docs/secrets.md). "N hex" = N lowercase hex digits;
# "token start" = not glued to a letter or digit before it.
FORMATS = {
    "private_key": "`-----BEGIN … PRIVATE KEY-----` (RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP … BLOCK), up to its END",
    "gcp_service_account_key": 'a private key block as the `"private_key"` of a JSON that says `service_account`',
    "putty_private_key": "`PuTTY-User-Key-File-2:` or `-3:` header",
    "cabecao_confirm_token": "`cbc_ct_` + 16+ URL-safe characters",
    "anthropic_key": "`sk-ant-` + 20+ URL-safe characters",
    "openrouter_key": "`sk-or-v1-` + 64 hex",
    "openai_key": "`sk-` (`proj-`, `svcacct-`, `admin-`) + 20+ characters with upper, lower and digits",
    "groq_key": "`gsk_` + 52 letters/digits",
    "xai_key": "`xai-` + 80 letters/digits",
    "perplexity_key": "`pplx-` + 48 letters/digits",
    "replicate_token": "`r8_` + 37 URL-safe characters",
    "nvidia_key": "`nvapi-` + 64 URL-safe characters",
    "langsmith_key": "`lsv2_pt_`/`lsv2_sk_` + 32 hex `_` 10 hex",
    "pinecone_key": "`pcsk_` + 4-8 letters/digits `_` 50-80 letters/digits",
    "huggingface_token": "`hf_` or `api_org_` + 34 letters of both cases",
    "mistral_key": "key naming Mistral + 32 letters/digits of both cases",
    "cohere_key": "key naming Cohere (or `CO_API_KEY`) + 40 letters/digits of both cases",
    "github_token": "`ghp_`/`gho_`/`ghu_`/`ghs_`/`ghr_` + 36+ letters/digits; `github_pat_` + 22+",
    "gitlab_token": "`glpat-`, `gldt-`, `glrt-`, `glptt-`, `glcbt-`, `glft-`… + 20+; `GR1348941` + 20+",
    "bitbucket_token": "`ATBB` + 24-80 characters with upper, lower and digits",
    "atlassian_token": "`ATATT3`/`ATCTT3` + 100+ characters; or a key naming Atlassian/Jira/Confluence + 24 letters/digits",
    "npm_token": "`npm_` + 36 letters/digits",
    "pypi_token": "`pypi-AgEIcHlwaS5vcmc` (or TestPyPI's) + 50+ characters",
    "rubygems_key": "`rubygems_` + 48 hex",
    "nuget_key": "`oy2` + 43 lowercase letters/digits",
    "clojars_token": "`CLOJARS_` + 60 lowercase letters/digits",
    "docker_hub_token": "`dckr_pat_` + 27 or `dckr_oat_` + 32 URL-safe characters",
    "jfrog_token": "`AKCp` + 69 letters/digits; `cmVmdGtu` + 56",
    "circleci_token": "`CCIPAT_` + 22 letters/digits `_` 40 hex",
    "buildkite_token": "`bkua_` + 40 hex",
    "sonar_token": "`squ_`/`sqp_`/`sqa_` + 40 hex",
    "sourcegraph_token": "`sgp_` (+ 16 hex or `local` `_`) + 40 hex",
    "databricks_token": "`dapi` + 32 hex",
    "azure_devops_pat": "key naming Azure DevOps + 52 lowercase base32",
    "slack_token": "`xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-`, `xoxe-`, `xapp-` + 10+ with digits",
    "slack_webhook": "`https://hooks.slack.com/services/…` (also `workflows`, `triggers`), random last part",
    "discord_bot_token": "base64 of the bot's 17-20-digit id `.` 6 `.` 27-40 URL-safe characters",
    "discord_webhook": "`https://discord.com/api/webhooks/<id>/<60-80 URL-safe>` (also discordapp, canary, ptb)",
    "discord_client_secret": "key naming Discord + 32 URL-safe characters of both cases",
    "teams_webhook": "`https://….webhook.office.com/webhookb2/…/IncomingWebhook/<32 hex>/…`",
    "zapier_webhook": "`https://hooks.zapier.com/hooks/catch/<id>/<6-12 lowercase/digits>`",
    "telegram_bot_token": "8-10 digits `:AA` + 33 URL-safe characters",
    "twilio_api_key": "`SK` + 32 hex",
    "twilio_auth_token": "key naming Twilio (not a SID) + 32 hex",
    "sendgrid_key": "`SG.` + 22 `.` + 43 URL-safe characters",
    "mailgun_key": "`key-` + 32 hex; or a key naming Mailgun + 32 hex `-` 8 hex `-` 8 hex",
    "mailchimp_key": "32 hex + `-us` + data-center number",
    "brevo_key": "`xkeysib-`/`xsmtpsib-` + 64 hex `-` 16 letters/digits",
    "postman_key": "`PMAK-` + 24 hex `-` 34 hex",
    "stripe_key": "`sk_live_`/`sk_test_`/`rk_live_`/`rk_test_` + 16+; `whsec_` + 24+",
    "shopify_token": "`shpat_`/`shpca_`/`shppa_`/`shpss_` + 32 hex",
    "square_token": "`sq0atp-` + 22; `sq0csp-` + 43; `EAAA` + 60",
    "shippo_token": "`shippo_live_`/`shippo_test_` + 40 hex",
    "easypost_key": "`EZAK`/`EZTK` + 54 letters/digits",
    "duffel_token": "`duffel_live_`/`duffel_test_` + 43 characters",
    "flutterwave_key": "`FLWSECK-` (or `FLWSECK_TEST-`) + 32 hex + `-X`",
    "google_api_key": "`AIza` + 35 URL-safe characters",
    "google_oauth_secret": "`GOCSPX-` + 20-64 URL-safe characters",
    "google_oauth_token": "`ya29.` (access) or `1//0` (refresh) + 30+ URL-safe characters",
    "aws_access_key": "`AKIA`, `ASIA`, `ABIA`, `ACCA`… + 16 base32 (not the `…EXAMPLE` keys)",
    "aws_secret_key": "40 base64 characters after `secret_access_key`",
    "aws_session_token": "`FwoGZXIvYXdz` or `IQoJb3JpZ2lu` + 100+ base64",
    "azure_storage_key": "`AccountKey=` + 86 base64 + `==`",
    "azure_shared_access_key": "`SharedAccessKey=` + 43-44 base64",
    "azure_sas": "`sig=` whose value decodes to a 32-byte HMAC (percent-encoded or not)",
    "azure_ad_client_secret": "3 characters, a digit, `Q~`, 31-34 characters",
    "azure_acr_password": "42 base64 + `+ACR` + 6 letters/digits",
    "azure_openai_key": "key naming Azure OpenAI + 32 hex",
    "alibaba_access_key": "`LTAI` + 12-20 letters/digits of both cases",
    "digitalocean_token": "`dop_v1_`/`doo_v1_`/`dor_v1_` + 64 hex",
    "heroku_api_key": "`HRKU-AA` + 58; or a key naming Heroku + a UUID",
    "vault_token": "`hvs.`/`hvb.`/`hvr.` + 90+ URL-safe characters",
    "terraform_token": "14 letters/digits `.atlasv1.` + 60-70 characters",
    "doppler_token": "`dp.pt.`, `dp.st.`, `dp.ct.`, `dp.sa.`, `dp.scim.`, `dp.audit.` + 40-44",
    "pulumi_token": "`pul-` + 40 hex",
    "onepassword_token": "`ops_eyJ` + 100+; secret key `A3-XXXXXX-…` (six groups)",
    "age_secret_key": "`AGE-SECRET-KEY-1` + 58 bech32",
    "tailscale_key": "`tskey-auth-`/`-api-`/`-client-`/`-scim-`/`-webhook-` + id `-` 20+",
    "flyio_token": "`fo1_` + 43; `fm1a_`/`fm1r_`/`fm2_` (optionally after `FlyV1 `) + 100+ base64",
    "netlify_token": "`nfp_` + 36",
    "supabase_key": "`sbp_` + 40 hex; `sb_secret_` + 20+",
    "planetscale_token": "`pscale_tkn_`/`pscale_oauth_`/`pscale_pw_` + 32-64",
    "scalingo_token": "`tk-us-` + 48",
    "openshift_token": "`sha256~` + 43",
    "dynatrace_token": "`dt0c01.` + 24 `.` + 64 uppercase letters/digits",
    "cloudflare_ca_key": "`v1.0-` + 24 hex `-` 146 hex",
    "cloudflare_token": "key naming Cloudflare (or `CF_API_…`) + 40 URL-safe characters or 37 hex",
    "fastly_token": "key naming Fastly + 32 URL-safe characters",
    "vercel_token": "key naming Vercel + 24 letters/digits of both cases",
    "infracost_key": "`ico-` + 32 letters/digits",
    "prefect_key": "`pnu_` + 36",
    "okta_token": "key naming Okta + `00` + 40",
    "datadog_api_key": "key naming Datadog (or `DD_API_`/`DD_APP_`) + 32 or 40 hex",
    "newrelic_key": "`NRAK-` + 27; `NRII-` + 32; 36 + `NRAL`",
    "sentry_token": "`sntryu_` + 64 hex, `sntrys_eyJ…`; or a key naming Sentry + 64 hex",
    "sentry_dsn": "`://<32 hex>:<32 hex>@` (a DSN that still carries its secret half)",
    "grafana_token": "`glc_eyJ…`, `eyJrIjoi…` (base64); `glsa_` + 32 `_` 8 hex",
    "posthog_key": "`phx_` + 43-48 (personal key; `phc_` project keys are public)",
    "snyk_token": "key naming Snyk + a UUID",
    "launchdarkly_key": "key naming LaunchDarkly + `api-`/`sdk-`/`mob-` + UUID",
    "algolia_admin_key": "key naming Algolia (not a search key) + 32 hex",
    "linear_api_key": "`lin_api_` + 40; `lin_oauth_` + 64 hex",
    "notion_token": "`secret_` + 43 (both cases and digits); `ntn_` + 11 digits + 35",
    "airtable_token": "`pat` + 14 `.` + 64 hex",
    "asana_token": "`0/`, `1/`, `2/` + 13-19 digits (`/` digits) `:` 32 hex",
    "figma_token": "`figd_` (`figu_`, `figo_`…) + 40-64 URL-safe characters",
    "dropbox_token": "`sl.` (or `sl.u.`) + 130+ URL-safe characters",
    "mapbox_token": "`sk.eyJ…`/`tk.eyJ…` `.` 20-60 (secret and temporary tokens; `pk.` is public)",
    "contentful_token": "`CFPAT-` + 43",
    "typeform_token": "`tfp_` + 40-80",
    "readme_key": "`rdme_` + 70 lowercase letters/digits",
    "frameio_token": "`fio-u-` + 64",
    "twitch_token": "`oauth:` + 30 lowercase/digits; or a key naming Twitch + 30",
    "twitter_bearer_token": "22 `A` + 80-140 letters, digits and `%`",
    "facebook_access_token": "`EAA` + an uppercase letter or digit + 90+ letters/digits",
    "jwt": "`eyJ…` `.` `eyJ…` `.` signature (three base64url parts)",
    "basic_auth": '`Basic <base64>` or Docker\'s `"auth": "<base64>"` decoding to `user:password` with a real password or a token',
    "url_credentials": "password of a connection URL `scheme://user:password@host`",
    "bearer_token": "`Bearer` + a token-like value",
    "url_query_secret": "`?`/`&`/`#` + `key`, `token`, `access_token`, `api_key`, `client_secret`, `password`, `X-Amz-Signature`… `=` a token",
    "password_assignment": "a password-like value after `password`, `senha`, `passwd`, `pwd`… `=`/`:`",
    "secret_assignment": "a token-like value after `secret`, `token`, `api_key`, `access_key`, `pat`… `=`/`:`",
    "password_in_prose": '"a senha (do banco) é …", "the password for … is …", "Senha: …" + a password-like value',
}

# --- placements -----------------------------------------------------------------------------------------------------

PLACEMENTS: tuple[tuple[str, str], ...] = (
    (
        "body",
        "# Integração do faturamento\n\nDepois da migração, o deploy de staging usa {} para publicar.\n\nVer [[Runbook]].\n",
    ),
    ("body_list", "## Credenciais\n\n- staging: `{}`\n- produção: no cofre\n"),
    ("body_table", "| ambiente | credencial |\n|---|---|\n| staging | {} |\n"),
    ("body_code", "Arquivo `.env` do serviço:\n\n```\n{}\n```\n"),
    ("title", "Credencial {} do staging"),
    ("path", "memory/credenciais/{}.md"),
    (
        "frontmatter",
        "---\ntitle: Integração do faturamento\ntype: reference\ntags: [infra]\ncredencial: {}\n---\n\nCorpo.\n",
    ),
    ("reason", "apagar: a nota expunha {} por engano"),
)


def place(placement: str, template: str, sample: Sample) -> Placed:
    text = sample.text
    offset = sample.offset
    if placement == "frontmatter":  # a YAML string, quoted with whichever quote the value does not use
        quote_char = "'" if '"' in text else '"'
        text = quote_char + text + quote_char
        offset += 1
    before, after_text = template.split("{}")
    full = before + text + after_text
    index = len(before) + offset
    line_start = full.rfind("\n", 0, index) + 1
    return Placed(placement, full, full.count("\n", 0, index) + 1, index - line_start + 1)


def placed(sample: Sample) -> Iterator[Placed]:
    for placement, template in PLACEMENTS:
        yield place(placement, template, sample)


def samples(kind: Kind) -> list[Sample]:
    rng = random.Random(f"{SEED}:{kind.name}")
    return [kind.make(rng) for _ in range(SAMPLES_PER_KIND)]


def secret_of(sample: Sample) -> str:
    """The secret itself (what must never appear in a finding or an error): from its start to the next separator."""
    if sample.secret is not None:
        return sample.secret
    rest = sample.text[sample.offset :]
    end = len(rest)
    for stop in " \"'&;@`|":
        index = rest.find(stop)
        if index != -1:
            end = min(end, index)
    return rest[:end]


# --- look-alikes ----------------------------------------------------------------------------------------------------


def _ulid(rng: random.Random) -> str:
    return draw(rng, "01", 1) + draw(rng, CROCKFORD, 25)


def _png_data_uri(rng: random.Random) -> str:
    raw = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + rng.randbytes(rng.randint(300, 1500))
    return "![diagrama](data:image/png;base64," + base64.b64encode(raw).decode() + ")"


def _hex_digest(rng: random.Random, algorithm: str) -> str:
    return hashlib.new(algorithm, rng.randbytes(32)).hexdigest()


PLACEHOLDERS = (
    "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "OPENAI_API_KEY=sk-...xxxx",
    "OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "ANTHROPIC_API_KEY=sk-ant-api03-...",
    "token: <your-token>",
    "Authorization: Bearer <your-token>",
    "Authorization: Basic <base64 de usuario:senha>",
    "Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
    "Authorization: Basic dXNlcjpwYXNzd29yZA==",
    "GITHUB_TOKEN=${TOKEN}",
    'api_key = os.environ["OPENAI_API_KEY"]',
    "DD_API_KEY=${DD_API_KEY}",
    "DATADOG_API_KEY=<sua-chave-do-datadog>",
    'TWILIO_AUTH_TOKEN = os.environ["TWILIO_AUTH_TOKEN"]',
    "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "SLACK_BOT_TOKEN=xoxb-your-bot-token",
    "TWILIO_API_KEY=SKxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "MAILGUN_KEY=key-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "SHOPIFY_TOKEN=shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "DIGITALOCEAN_TOKEN=dop_v1_<token>",
    "SQUARE_TOKEN=sq0atp-XXXXXXXXXXXXXXXXXXXXXX",
    "STRIPE_SECRET_KEY=sk_live_...",
    "SENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "https://discord.com/api/webhooks/<id>/<token>",
    "https://discord.com/api/webhooks/123456789012345678/XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "https://api.exemplo.com/v1/itens?access_token=${ACCESS_TOKEN}",
    "https://api.exemplo.com/v1/itens?key=YOUR_API_KEY",
    "https://api.exemplo.com/v1/itens?token=<seu-token>",
    "https://conta.blob.core.windows.net/c/a.txt?sv=2022-11-02&sig=<assinatura>",
    "DefaultEndpointsProtocol=https;AccountName=conta;AccountKey=<chave>;EndpointSuffix=core.windows.net",
    "DATABASE_URL=postgres://user:password@localhost:5432/app",
    "VAULT_TOKEN=hvs.XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "export NPM_TOKEN=npm_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "TELEGRAM_BOT_TOKEN=123456789:AAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "GOOGLE_API_KEY=AIzaSyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "sk_test_1234567890abcdefghijklmn",
    "pypi-AgEIcHlwaS5vcmc...",
    "key: ${{ secrets.DISCORD_WEBHOOK }}",
    "-----BEGIN PRIVATE KEY-----\\nXXXXXXXXXXXXXXXX\\n-----END PRIVATE KEY-----",
)

MARKDOWN_AND_URLS = (
    "Leia [como gerar um token](https://docs.github.com/pt/authentication/managing-your-personal-access-tokens).",
    "![arquitetura](./imagens/arquitetura-v2.png)",
    "Ver [[Segredos no Vault]] e [[Runbook de deploy#Rotação de chaves]].",
    "https://www.google.com/search?q=token+expirado&hl=pt-BR",
    "https://api.github.com/repos/acme/atlas/pulls?state=open&sort=updated&per_page=100",
    "https://exemplo.com.br/relatorios?pagina=2&ordem=desc&utm_source=newsletter&utm_medium=email",
    "https://api.exemplo.com/v1/token?expires=3600",
    "https://api.exemplo.com/v1/itens?key=ordem&token=",
    "git@github.com:acme/atlas.git",
    "ssh://git@gitlab.com:2222/acme/atlas.git",
    "https://ana@github.com/acme/atlas.git",
    "mailto:ana@exemplo.com.br?subject=Senha%20do%20wifi",
    "| Campo | Tipo | Descrição |\n|---|---|---|\n| `token` | string | Token de acesso (nunca logado) |",
    "> **Nota:** a chave da API fica no cofre; peça ao time de plataforma.",
    "https://discord.gg/atlas-dev",
    "https://hooks.slack.com/ é o domínio dos webhooks do Slack.",
    "https://learn.microsoft.com/azure/storage/common/storage-sas-overview",
    "https://sentry.io/organizations/acme/issues/4512345/?project=5512345&query=is%3Aunresolved",
    "https://app.datadoghq.com/dashboard/abc-123-def/servico-de-filas?from_ts=1733011200000&live=true",
)

PROSE = (
    "A senha do banco está no cofre do time; peça ao Bruno.",
    "Nunca grave senhas, tokens ou chaves nas notas.",
    "O token expira em 24 horas e precisa ser renovado pelo fluxo de OAuth.",
    "Usamos um armazenamento key-value para as sessões, com TTL de 30 minutos.",
    "A SK Telecom e a NTT são clientes do módulo de faturamento desde 2024.",
    "Basic authentication está desativada no gateway desde a migração.",
    "A receita pede 1/2 xícara de açúcar e 2/3 de farinha.",
    "O dp. técnico revisou a pat. 42 do regulamento (sl. 3, item b).",
    "A estratégia é API-first: o contrato OpenAPI vem antes do código.",
    "oauth: configure o client id no painel e use o fluxo PKCE.",
    "MTA, MDM e NTP ficaram a cargo do time de infraestrutura.",
    "O EAA (European Accessibility Act) entra em vigor em junho de 2025.",
    "Rotate the API key every 90 days; the secret lives in AWS Secrets Manager.",
    "The password was reset on 2024-03-01 after the incident.",
    "Our sk-learn-compatible estimators live in the ml-tools package.",
    "The hf_hub_download_with_retries_and_progress_bar helper is deprecated.",
    "Use the key-rotation runbook before touching the SharedAccessKey policy.",
    "She signed the release with her GPG key; the fingerprint is in the wiki.",
    "Set the Twilio account, the Datadog site and the Sentry project in the settings page.",
    "O pagamento via Stripe usa a chave publicável no navegador e a secreta só no servidor.",
    "A Figma file, a Notion page and a Linear issue describe the same decision.",
    "Discord, Slack e Teams recebem o alerta; o webhook de cada um fica no Vault.",
    "The PuTTY key converter is documented in the onboarding guide.",
    "A versão 1.0-beta saiu em 2025-02-10; a v1.0-rc2 fica para março.",
    "Figure 3 shows the pattern; the patch is in the PR.",
    "Senha: pergunte ao João, ele administra o Vault.",
    "Qual é a senha? Ninguém sabe; vamos resetar.",
    "The sigmoid (sig=1/(1+e^-x)) saturates quickly.",
)

CODE = (
    'password = os.environ["DB_PASSWORD"]',
    "const token = process.env.GITHUB_TOKEN;",
    "DD_API_KEY: ${{ secrets.DD_API_KEY }}",
    'dd_api_key = os.environ["DD_API_KEY"]',
    "twilio_client = Client(account_sid, auth_token)",
    'SECRET_KEY_BASE = ENV.fetch("SECRET_KEY_BASE")',
    'SHOPIFY_PATTERN = re.compile(r"shpat_[a-fA-F0-9]{32}")',
    "def get_shopify_token(shop: str) -> str: ...",
    "secret_key_base = Rails.application.credentials.secret_key_base",
    "secret_manager_client_factory_for_integration_tests = make_client()",
    "token_md5 = hashlib.md5(token.encode()).hexdigest()",
    "api_key_sha256 = sha256(api_key)",
    "key_prefix = 'sk_live_'",
    "if token.startswith(('ghp_', 'gho_', 'xoxb-', 'glpat-')):",
    'headers = {"Authorization": f"Bearer {token}"}',
    'auth = ("user", os.environ["PASS"])',
    "sentry_sdk.init(dsn=settings.SENTRY_DSN, traces_sample_rate=0.1)",
    'algolia = SearchClient.create(app_id, os.environ["ALGOLIA_ADMIN_KEY"])',
    "max_tokens = 4096",
    "NextToken: eyJOZXh0VG9rZW4iOiBudWxsfQ==",
)


def _ids(rng: random.Random) -> list[str]:
    """Public or random identifiers that are not credentials."""
    return [
        "pk_live_" + draw(rng, ALNUM, 24) + " é a chave publicável (vai no navegador).",
        "MAPBOX_PUBLIC_TOKEN=pk.eyJ1Ijoi" + draw(rng, URLSAFE, 40) + "." + draw(rng, URLSAFE, 22),
        f"SENTRY_DSN=https://{draw(rng, HEX, 32)}@o{draw(rng, DIGITS, 6)}.ingest.sentry.io/{draw(rng, DIGITS, 7)}",
        "TWILIO_ACCOUNT_SID=AC" + draw(rng, HEX, 32),
        "ALGOLIA_SEARCH_KEY=" + draw(rng, HEX, 32),
        "ALGOLIA_APP_ID=" + draw(rng, UPPER_ALNUM, 10),
        "POSTHOG_KEY=phc_" + draw(rng, ALNUM, 43),
        "AZURE_TENANT_ID=" + _uuid(rng),
        "AZURE_CLIENT_ID=" + _uuid(rng),
        f"GOOGLE_CLIENT_ID={draw(rng, DIGITS, 12)}-{draw(rng, LOWER_ALNUM, 32)}.apps.googleusercontent.com",
        "age1" + draw(rng, BECH32, 58),
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + draw(rng, B64, 43) + " ana@notebook",
        "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + draw(rng, B64, 300) + " deploy@ci",
        "-----BEGIN PUBLIC KEY-----\\n" + draw(rng, B64, 64) + "\\n-----END PUBLIC KEY-----",
        "-----BEGIN CERTIFICATE-----\\n" + draw(rng, B64, 64) + "\\n-----END CERTIFICATE-----",
        "Discord user id: " + draw(rng, DIGITS, 18),
        "cus_" + draw(rng, ALNUM, 14) + " pagou a fatura in_" + draw(rng, ALNUM, 24),
        "pi_" + draw(rng, ALNUM, 24) + " / ch_" + draw(rng, ALNUM, 24) + " / price_" + draw(rng, ALNUM, 24),
        "chatcmpl-" + draw(rng, ALNUM, 29) + " file-" + draw(rng, ALNUM, 24) + " asst_" + draw(rng, ALNUM, 24),
        "msg_01" + draw(rng, ALNUM, 22) + " toolu_01" + draw(rng, ALNUM, 22),
        "https://drive.google.com/file/d/1" + draw(rng, URLSAFE, 32) + "/view?usp=sharing",
        "https://docs.google.com/spreadsheets/d/1" + draw(rng, URLSAFE, 43) + "/edit#gid=0",
        "https://www.youtube.com/watch?v=" + draw(rng, URLSAFE, 11),
        "https://www.figma.com/file/" + draw(rng, ALNUM, 22) + "/Design-system?node-id=12%3A34",
        "https://www.notion.so/acme/Runbook-de-deploy-" + draw(rng, HEX, 32),
        "ObjectId('" + draw(rng, HEX, 24) + "')",
        "pod atlas-api-" + draw(rng, LOWER_ALNUM, 10) + "-" + draw(rng, LOWER_ALNUM, 5) + " reiniciou",
        "cache-key-" + _hex_digest(rng, "md5") + " e redis-key-" + _hex_digest(rng, "md5"),
        "ATLAS-" + draw(rng, DIGITS, 4) + ", ENG-" + draw(rng, DIGITS, 3) + ", PR #" + draw(rng, DIGITS, 4),
    ]


_WORDS_PT = (
    "a", "o", "de", "que", "fila", "deploy", "consumidor", "chave", "senha", "token", "segredo", "cofre", "nota",
    "reunião", "decisão", "migração", "servidor", "banco", "índice", "busca", "cliente", "pagamento", "relatório",
    "staging", "produção", "semana", "equipe", "revisão", "contrato", "integração", "webhook", "erro", "alerta",
)  # fmt: skip
_WORDS_EN = (
    "the", "queue", "key", "token", "secret", "password", "vault", "rotation", "pattern", "patch", "path", "basic",
    "oauth", "session", "cache", "key-value", "service", "account", "release", "signature", "digest", "hash",
    "webhook", "bearer", "schema", "index", "search", "payment", "invoice", "report", "staging", "production",
)  # fmt: skip
_IDENTIFIER_PARTS = (
    "secret", "pat", "key", "token", "sk", "sl", "dp", "oauth", "dapi", "ico", "pul", "api", "org", "hf", "ghp",
    "client", "manager", "factory", "builder", "store", "value", "sprite", "sheet", "request", "handler", "worker",
    "pool", "adapter", "checker", "service", "inventory", "callback", "loader", "parser", "config", "settings",
)  # fmt: skip


def _prose(rng: random.Random) -> list[str]:
    """Sentences of ordinary words, including the ones secrets are written next to (senha, token, key…)."""
    sentences = []
    for _ in range(100):
        words = _WORDS_PT if rng.random() < 0.5 else _WORDS_EN
        sentence = " ".join(rng.choice(words) for _ in range(rng.randint(6, 18)))
        sentences.append(sentence[0].upper() + sentence[1:] + rng.choice([".", ";", ":", "?", " —", "!"]))
    return sentences


def _identifiers(rng: random.Random) -> list[str]:
    """snake_case, kebab-case, dotted and camelCase names built from the parts that prefixes are made of."""
    names = []
    for _ in range(90):
        parts = [rng.choice(_IDENTIFIER_PARTS) for _ in range(rng.randint(2, 7))]
        style = rng.randrange(4)
        if style == 0:
            names.append("_".join(parts))
        elif style == 1:
            names.append("-".join(parts) + "-" + draw(rng, DIGITS, 2))
        elif style == 2:
            names.append(".".join(parts))
        else:
            names.append(parts[0] + "".join(part.title() for part in parts[1:]))
    return [" ".join(names[index : index + 3]) for index in range(0, len(names), 3)]


def _curated_negatives() -> list[str]:
    """The hand-written look-alikes of tests/schema/data/secrets/negatives.txt."""
    lines = (Path(__file__).parent / "data" / "secrets" / "negatives.txt").read_text(encoding="utf-8").splitlines()
    return [line.split("\t", 1)[1] for line in lines if "\t" in line]


def _lookalike_classes() -> dict[str, Callable[[random.Random], list[str]]]:
    return {
        "md5": lambda r: [
            f"md5: {_hex_digest(r, 'md5')}",
            f"{_hex_digest(r, 'md5')}  atlas-1.4.2.tar.gz",
            f'ETag: "{_hex_digest(r, "md5")}"',
        ],
        "sha1_git": lambda r: [
            f"Corrigido em {_hex_digest(r, 'sha1')} (merge do PR #218).",
            f"git revert {_hex_digest(r, 'sha1')[:7]}",
            f"https://github.com/acme/atlas/commit/{_hex_digest(r, 'sha1')}",
            f"Merge: {_hex_digest(r, 'sha1')[:7]} {_hex_digest(r, 'sha1')[:7]}",
        ],
        "sha256": lambda r: [
            f"sha256:{_hex_digest(r, 'sha256')}",
            f"image: ghcr.io/acme/atlas@sha256:{_hex_digest(r, 'sha256')}",
            f"SHA256 (atlas.tar.gz) = {_hex_digest(r, 'sha256')}",
        ],
        "sha512": lambda r: [
            f"{_hex_digest(r, 'sha512')}",
            '"integrity": "sha512-' + base64.b64encode(r.randbytes(64)).decode() + '"',
        ],
        "uuid": lambda r: [
            f"id: {_uuid(r)}",
            f"request_id={_uuid(r)} status=200",
            f"urn:uuid:{_uuid(r).upper()}",
        ],
        "ulid": lambda r: [f"op: {_ulid(r)}", f"Cabecao-Session: {_ulid(r)}", f'"session_handle": "{_ulid(r)}"'],
        "data_uri": lambda r: [
            _png_data_uri(r),
            '<img src="data:image/gif;base64,' + base64.b64encode(b"GIF89a" + r.randbytes(200)).decode() + '">',
        ],
        "public_ids": _ids,
        "placeholders": lambda r: list(PLACEHOLDERS),
        "markdown_urls": lambda r: list(MARKDOWN_AND_URLS),
        "code": lambda r: list(CODE),
        "prose": lambda r: list(PROSE) + _prose(r),
        "identifiers": _identifiers,
        "curated_negatives": lambda r: _curated_negatives(),
        "hashes_kdf": lambda r: [
            "password_hash: $2b$12$" + draw(r, ALNUM + "./", 53),
            'hashed_password = "$argon2id$v=19$m=65536,t=3,p=4$' + draw(r, B64, 22) + "$" + draw(r, B64, 43) + '"',
        ],
    }


# Independent draws of the generated classes (the fixed lists are taken once).
_DRAWS = {"md5": 10, "sha1_git": 10, "sha256": 10, "sha512": 10, "uuid": 10, "ulid": 10, "data_uri": 10}
_DRAWS |= {"public_ids": 3, "hashes_kdf": 10}


def lookalikes() -> dict[str, list[str]]:
    """Every look-alike class with its texts (generated ones drawn from the seeded RNG)."""
    rng = random.Random(f"{SEED}:lookalikes")
    return {
        name: [text for _ in range(_DRAWS.get(name, 1)) for text in make(rng)]
        for name, make in _lookalike_classes().items()
    }


# --- the report -----------------------------------------------------------------------------------------------------


def repo_docs() -> list[str]:
    """Paragraphs of the repository's own Markdown (README, docs/): real prose, measured but not asserted."""
    root = Path(__file__).resolve().parents[2]
    paragraphs = []
    for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        paragraphs.extend(part for part in path.read_text(encoding="utf-8").split("\n\n") if part.strip())
    return paragraphs


def measure() -> tuple[list[tuple[Kind, int, int, list[Placed]]], list[tuple[str, int, int, list[Placed]]]]:
    """(kind, found, total, misses) for every kind; (class, flagged, total, flagged texts) for every look-alike."""
    recall = []
    for kind in KINDS:
        found = total = 0
        misses: list[Placed] = []
        for sample in samples(kind):
            for item in placed(sample):
                total += 1
                got = [(f.rule, f.line, f.column) for f in scan_secrets(item.text)]
                if got == [(kind.rule, item.line, item.column)]:
                    found += 1
                else:
                    misses.append(item)
        recall.append((kind, found, total, misses))
    false_positives = []
    for name, texts in [*lookalikes().items(), ("repo_docs (not asserted)", repo_docs())]:
        flagged = total = 0
        hits: list[Placed] = []
        for text in texts:
            for item in placed(Sample(text)):
                total += 1
                if scan_secrets(item.text):
                    flagged += 1
                    hits.append(item)
        false_positives.append((name, flagged, total, hits))
    return recall, false_positives


def main(argv: list[str]) -> int:
    started = time.perf_counter()
    recall, false_positives = measure()
    elapsed = time.perf_counter() - started
    rules = sorted({kind.rule for kind in KINDS})
    found = sum(item[1] for item in recall)
    total = sum(item[2] for item in recall)
    print(
        f"Recall by kind ({len(KINDS)} kinds, {len(rules)} rules, {SAMPLES_PER_KIND} draws x {len(PLACEMENTS)} placements)"
    )
    print()
    print("| kind | rule | format | found |")
    print("|---|---|---|---|")
    for kind, hit, count, _misses in recall:
        print(f"| {kind.name} | `{kind.rule}` | {FORMATS[kind.rule]} | {hit}/{count} |")
    print()
    print(f"Total recall: {found}/{total} = {found / total:.1%}")
    print()
    print("| look-alike class | texts x placements | flagged | rate |")
    print("|---|---|---|---|")
    flagged_total = checked_total = 0
    for name, flagged, count, _hits in false_positives:
        flagged_total += flagged
        checked_total += count
        print(f"| {name} | {count} | {flagged} | {flagged / count:.1%} |")
    print()
    print(f"Total false positives: {flagged_total}/{checked_total} = {flagged_total / checked_total:.1%}")
    print(f"({total + checked_total} scans in {elapsed:.2f} s)")
    if "--misses" in argv:
        for kind, _hit, _count, misses in recall:
            for item in misses:
                got = [(f.rule, f.line, f.column) for f in scan_secrets(item.text)]
                print(f"MISS {kind.name} [{item.placement}] want {(kind.rule, item.line, item.column)} got {got}")
                print("   ", item.text[:300].replace("\n", "\\n"))
        for name, _flagged, _count, hits in false_positives:
            for item in hits:
                print(f"FALSE POSITIVE {name} [{item.placement}] {scan_secrets(item.text)}")
                print("   ", item.text[:300].replace("\n", "\\n"))
    return 0 if found == total and flagged_total == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
