"""A deterministic brain of any size, for benchmarks and tests of scale.

`generate_corpus(root, 10_000, seed=7)` always writes the same files: notes in the brain layout, Portuguese and
English prose under headings, wikilinks that favour a few hub notes (as real brains do), typed relations,
aliases, unlinked mentions, facts with validity and supersedes chains, handoffs, episodes, ingested sources and
a few archived notes. Nothing here is random at run time: the seed fixes every byte.

Test code, not part of any package: test modules import it relatively (`from ..corpus import generate_corpus`).
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

from cabecao_schema import default_config, render_config

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

_PT = """
fila consumidor mensagem lote processamento cliente pedido fatura pagamento cobrança serviço banco dados
tabela índice consulta cache memória disco rede latência timeout erro falha exceção retentativa idempotência
contrato integração equipe reunião decisão prazo entrega projeto sistema módulo componente interface usuário
permissão acesso segurança chave certificado implantação ambiente produção homologação teste cobertura
revisão código função classe objeto evento notificação agenda relatório métrica alerta monitoramento log
configuração parâmetro versão migração esquema registro arquivo pasta documento página resumo análise
custo orçamento fornecedor licença suporte chamado incidente causa solução melhoria desempenho escala
carga limite janela horário semana mês trimestre meta resultado risco dependência bloqueio tarefa história
""".split()

_EN = """
queue consumer message batch processing customer order invoice payment billing service database table index
query cache memory disk network latency timeout error failure exception retry idempotency contract
integration team meeting decision deadline delivery project system module component interface user
permission access security key certificate deployment environment production staging test coverage review
code function class object event notification schedule report metric alert monitoring log configuration
parameter version migration schema record file folder document page summary analysis cost budget vendor
license support ticket incident cause solution improvement performance scale load limit window hour week
""".split()

_GLUE_PT = "o a os as de da do em no na para com por que e ou um uma não sem mais quando depois antes".split()
_GLUE_EN = "the a of to in on for with by that and or not without more when after before".split()

_VERBS_PT = "usa depende lê grava envia processa valida corrige mede bloqueia libera migra".split()
_VERBS_EN = "uses depends reads writes sends processes validates fixes measures blocks releases migrates".split()

_NAMES = """
Atlas Boreal Cobalto Delta Esmeralda Falcão Granito Horizonte Íris Jade Kepler Lótus Mercúrio Netuno Ônix
Prisma Quartzo Rubi Safira Titã Urano Vega Xisto Zênite Aurora Cometa Dínamo Eclipse Fênix Gávea Hélio
""".split()

_TECH = """
SQS RabbitMQ Kafka Postgres Redis Elasticsearch Kubernetes Terraform Nginx Grafana Prometheus Airflow Spark
DynamoDB Lambda Docker Vault Consul Sentry Jenkins
""".split()

_PREDICATES = ("uses_queue", "uses_database", "led_by", "deployed_on", "depends_on", "owned_by")

# Share of each kind of note, in thousandths.
_MIX = (
    ("entity", 80),
    ("concept", 70),
    ("source", 25),
    ("synthesis", 15),
    ("fact", 120),
    ("decision", 70),
    ("gotcha", 70),
    ("preference", 35),
    ("procedure", 55),
    ("rule", 10),
    ("handoff", 20),
    ("episode", 300),
    ("raw", 55),
    ("untyped", 45),
    ("archived", 30),
)

_FOLDERS = {
    "entity": "wiki/entities",
    "concept": "wiki/concepts",
    "source": "wiki/sources",
    "synthesis": "wiki/syntheses",
    "fact": "memory/facts",
    "decision": "memory/decisions",
    "gotcha": "memory/gotchas",
    "preference": "memory/preferences",
    "procedure": "memory/procedures",
    "rule": "memory/rules",
    "handoff": "memory/handoffs",
    "raw": "raw/articles",
    "untyped": "wiki/notas",
    "archived": "memory/_archive",
}


@dataclass
class CorpusInfo:
    """What was written, and names a benchmark can look up."""

    root: Path
    notes: int
    by_kind: dict[str, int] = field(default_factory=dict)
    hubs: list[str] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)
    fact_subjects: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)


def slug(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    ascii_text = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:80] or "nota"


def _ulid(rng: random.Random) -> str:
    return "01" + "".join(rng.choice(_CROCKFORD) for _ in range(24))


def _zipf_index(rng: random.Random, size: int, skew: float = 1.0) -> int:
    """An index in [0, size) with P(i) close to 1/(i+1): a few hub notes and common words, a long tail."""
    return min(size - 1, int((size + 1) ** (rng.random() ** skew)) - 1)


class _Writer:
    def __init__(self, root: Path, rng: random.Random) -> None:
        self.root = root
        self.rng = rng
        self.used_paths: set[str] = set()
        self.made_dirs: set[Path] = set()

    def path(self, folder: str, name: str) -> str:
        base = f"{folder}/{slug(name)}"
        candidate = f"{base}.md"
        n = 2
        while candidate in self.used_paths:
            candidate = f"{base}-{n}.md"
            n += 1
        self.used_paths.add(candidate)
        return candidate

    def write(self, path: str, frontmatter: list[str] | None, body: str) -> None:
        full = self.root / path
        if full.parent not in self.made_dirs:
            full.parent.mkdir(parents=True, exist_ok=True)
            self.made_dirs.add(full.parent)
        text = body if frontmatter is None else "---\n" + "\n".join(frontmatter) + "\n---\n" + body
        full.write_text(text, encoding="utf-8")


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def generate_corpus(root: Path, notes: int, *, seed: int = 7) -> CorpusInfo:
    """Write `notes` notes under `root` (memory/, wiki/, raw/ and a `.cabecao.json`); same seed, same bytes."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    (root / ".cabecao.json").write_text(render_config(default_config()), encoding="utf-8")
    writer = _Writer(root, rng)
    info = CorpusInfo(root=root, notes=notes)

    counts: dict[str, int] = {}
    for kind, share in _MIX:
        counts[kind] = max(1, notes * share // 1000)
    counts["episode"] += notes - sum(counts.values())
    info.by_kind = dict(counts)

    projects = [slug(n) for n in _NAMES[:12]]
    entity_titles: list[str] = []
    for i in range(counts["entity"]):
        if i < len(_TECH):
            entity_titles.append(_TECH[i])
        elif i < len(_TECH) + len(_NAMES):
            entity_titles.append(f"Projeto {_NAMES[i - len(_TECH)]}")
        else:
            a = rng.choice(_NAMES)
            b = rng.choice(_PT + _EN).capitalize()
            entity_titles.append(f"{b} {a} {i}")
    concept_titles = []
    for i in range(counts["concept"]):
        words = rng.sample(_PT, 2) if i % 2 == 0 else rng.sample(_EN, 2)
        concept_titles.append(f"{words[0].capitalize()} {words[1]} {i}")
    link_targets = entity_titles + concept_titles
    info.hubs = link_targets[:10]

    def sentence(pt: bool) -> str:
        vocab, glue, verbs = (_PT, _GLUE_PT, _VERBS_PT) if pt else (_EN, _GLUE_EN, _VERBS_EN)
        length = rng.randint(8, 18)
        out: list[str] = []
        for j in range(length):
            r = rng.random()
            if j == 2:
                out.append(rng.choice(verbs))
            elif r < 0.35:
                out.append(rng.choice(glue))
            elif r < 0.40:
                out.append(str(rng.randint(2, 500)))
            else:
                out.append(vocab[_zipf_index(rng, len(vocab), 1.0)])
        out[0] = out[0].capitalize()
        return " ".join(out) + "."

    def paragraph(pt: bool, links: int, mentions: int) -> str:
        sentences = [sentence(pt) for _ in range(rng.randint(2, 5))]
        for _ in range(links):
            k = rng.randrange(len(sentences))
            target = link_targets[_zipf_index(rng, len(link_targets))]
            sentences[k] = sentences[k][:-1] + f" [[{target}]]."
        for _ in range(mentions):
            k = rng.randrange(len(sentences))
            target = link_targets[_zipf_index(rng, len(link_targets))]
            sentences[k] = sentences[k][:-1] + f" com {target}."
        return " ".join(sentences)

    def body(title: str, pt: bool, sections: int, links: int) -> str:
        parts = [f"# {title}\n", paragraph(pt, min(links, 1), rng.random() < 0.3) + "\n"]
        heads = (
            ("Contexto", "Detalhes", "Por quê", "Como aplicar", "Referências")
            if pt
            else ("Context", "Details", "Why", "How to apply", "References")
        )
        for s in range(sections):
            parts.append(f"\n## {heads[s % len(heads)]}\n")
            parts.append(paragraph(pt, links // max(1, sections) + (1 if rng.random() < 0.3 else 0), 0) + "\n")
            if rng.random() < 0.25:
                parts.append(f"\n### {rng.choice(_PT if pt else _EN).capitalize()}\n")
                parts.append(paragraph(pt, 0, 0) + "\n")
        return "\n".join(parts)

    base_day = date(2025, 1, 6)

    def day(offset_max: int = 690) -> date:
        return base_day + timedelta(days=rng.randrange(offset_max))

    def common(kind: str, title: str, *, scope: str | None = None) -> list[str]:
        created = day()
        updated = created + timedelta(days=rng.randrange(60))
        scope = scope or ("global" if rng.random() < 0.55 else f"project:{rng.choice(projects)}")
        origin = "human" if rng.random() < 0.4 else "agent:claude-code"
        fm = [
            f"id: {_ulid(rng)}",
            f"type: {kind}",
            f"title: {_quote(title)}",
            f"scope: {scope}",
            f"trust: {rng.choice(('low', 'medium', 'high'))}",
            f"origin: {origin}",
            f"created: {created.isoformat()}T10:00:00Z",
            f"updated: {updated.isoformat()}T10:00:00Z",
        ]
        if rng.random() < 0.5:
            fm.append(f"tags: [{rng.choice(_PT)}, {rng.choice(_EN)}]")
        return fm

    def emit(path: str, fm: list[str] | None, text: str, title: str) -> None:
        writer.write(path, fm, text)
        info.paths.append(path)
        info.titles.append(title)

    for i, title in enumerate(entity_titles[: counts["entity"]]):
        fm = common("entity", title, scope="global")
        fm.append(
            f"aliases: [{_quote(title.lower() + ' alias')}]"
            if i >= len(_TECH)
            else f"aliases: [{_quote(title + ' Cloud')}]"
        )
        rels = rng.sample(link_targets[:200], k=min(3, len(link_targets)))
        fm.append(f"uses: [{', '.join(_quote(f'[[{r}]]') for r in rels[:2] if r != title)}]")
        if i >= len(_TECH):
            fm.append(f"depends_on: [{_quote(f'[[{rels[2]}]]')}]")
        emit(writer.path("wiki/entities", title), fm, body(title, i % 3 != 0, 3, 3), title)

    for i, title in enumerate(concept_titles):
        fm = common("concept", title, scope="global")
        fm.append(f"related_to: [{_quote('[[' + link_targets[_zipf_index(rng, len(link_targets))] + ']]')}]")
        emit(writer.path("wiki/concepts", title), fm, body(title, i % 2 == 0, 3, 2), title)

    raw_paths: list[str] = []
    for i in range(counts["raw"]):
        title = f"Artigo {rng.choice(_PT)} {rng.choice(_EN)} {i}"
        path = writer.path("raw/articles", f"2026-{(i % 12) + 1:02d}-{(i % 28) + 1:02d}-{title}")
        raw_paths.append(path)
        fm = [
            f"title: {_quote(title)}",
            f"source: https://exemplo.com.br/{slug(title)}",
            "origin: ingest:https://exemplo.com.br",
            "trust: low",
        ]
        emit(path, fm, body(title, i % 2 == 0, 5, 1), title)

    for i in range(counts["source"]):
        title = f"Fonte {rng.choice(_PT)} {i}"
        fm = common("source", title)
        if raw_paths:
            fm.append(f"sources: [{_quote('[[' + raw_paths[i % len(raw_paths)][:-3] + ']]')}]")
        emit(writer.path("wiki/sources", title), fm, body(title, True, 2, 3), title)

    for i in range(counts["synthesis"]):
        title = f"Síntese {rng.choice(_PT)} {rng.choice(_PT)} {i}"
        emit(writer.path("wiki/syntheses", title), common("synthesis", title), body(title, True, 4, 6), title)

    # Facts: chains of the same subject and predicate, each superseding the previous one.
    subjects = entity_titles[len(_TECH) : len(_TECH) + len(_NAMES)] or entity_titles
    made = 0
    chain = 0
    while made < counts["fact"]:
        subject = subjects[chain % len(subjects)] if chain < len(subjects) * 3 else rng.choice(entity_titles)
        predicate = _PREDICATES[chain % len(_PREDICATES)]
        length = min(counts["fact"] - made, rng.randint(1, 3))
        start = day(400)
        previous: str | None = None
        for k in range(length):
            obj = rng.choice(_TECH)
            title = f"{subject} {predicate} {obj} {chain}-{k}"
            path = writer.path("memory/facts", title)
            valid_from = start + timedelta(days=120 * k)
            fm = common("fact", title)
            fm += [
                f"subject: {_quote('[[' + subject + ']]')}",
                f"predicate: {predicate}",
                f"object: {_quote('[[' + obj + ']]')}",
                f"valid_from: {valid_from.isoformat()}",
            ]
            if k < length - 1:
                fm.append(f"valid_until: {(valid_from + timedelta(days=120)).isoformat()}")
            if previous is not None:
                fm.append(f"supersedes: [{_quote(previous)}]")
            text = f"{subject} {predicate.replace('_', ' ')} {obj} desde {valid_from.isoformat()}.\n"
            emit(path, fm, text, title)
            previous = path
            made += 1
        info.fact_subjects.append(subject)
        chain += 1

    for kind in ("decision", "gotcha", "preference", "procedure", "rule"):
        for i in range(counts[kind]):
            pt = rng.random() < 0.7
            topic = " ".join(rng.sample(_PT if pt else _EN, 3))
            title = f"{topic.capitalize()} {i}"
            fm = common(kind, title)
            if kind == "decision":
                fm.append(f"decided_by: [{_quote('[[' + rng.choice(entity_titles) + ']]')}]")
            if kind in ("preference", "gotcha", "procedure") and rng.random() < 0.3:
                fm.append("confirmed: true")
            if rng.random() < 0.05:
                fm.append(f"valid_until: {day().isoformat()}")
            emit(writer.path(_FOLDERS[kind], title), fm, body(title, pt, rng.randint(1, 3), 2), title)

    for i in range(counts["handoff"]):
        when = day()
        title = f"Passagem de bastão {rng.choice(_PT)} {i}"
        fm = common("handoff", title)
        fm.append(f"expires_at: {(when + timedelta(days=30)).isoformat()}")
        text = "## Feito\n\n- " + sentence(True) + "\n\n## Falta\n\n- " + sentence(True) + "\n"
        emit(writer.path("memory/handoffs", f"{when.isoformat()}-{title}"), fm, text, title)

    for i in range(counts["episode"]):
        when = day()
        pt = rng.random() < 0.7
        title = f"Sessão {rng.choice(_PT)} {rng.choice(_EN)} {i}"
        folder = f"memory/episodes/{when.year}/{when.month:02d}"
        emit(writer.path(folder, f"{when.isoformat()}-{title}"), common("episode", title), body(title, pt, 2, 2), title)

    for i in range(counts["untyped"]):
        title = f"Anotação {rng.choice(_PT)} {i}"
        emit(writer.path("wiki/notas", title), None, body(title, True, 2, 2), title)

    for i in range(counts["archived"]):
        title = f"Arquivada {rng.choice(_PT)} {i}"
        fm = common("gotcha", title)
        fm.append("forget_reason: duplicada")
        emit(writer.path("memory/_archive/memory/gotchas", title), fm, body(title, True, 1, 1), title)

    return info


def corpus_queries(info: CorpusInfo, *, count: int = 50, seed: int = 11) -> list[str]:
    """Search queries of mixed selectivity for a generated corpus: titles, topic words, pt and en pairs."""
    rng = random.Random(seed)
    queries: list[str] = []
    for i in range(count):
        r = i % 5
        if r == 0:
            queries.append(rng.choice(info.titles).split(" ")[0] + " " + rng.choice(_PT))
        elif r == 1:
            queries.append(f"{rng.choice(_PT)} {rng.choice(_PT)}")
        elif r == 2:
            queries.append(f"{rng.choice(_EN)} {rng.choice(_EN)} {rng.choice(_EN)}")
        elif r == 3:
            queries.append(rng.choice(info.hubs))
        else:
            queries.append(f"{rng.choice(_TECH)} {rng.choice(_PT)}")
    return queries
