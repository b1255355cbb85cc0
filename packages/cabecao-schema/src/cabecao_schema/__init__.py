"""cabecao-schema: the brain format, with no git, SQLite or MCP.

Other projects can import it alone to read and validate a Cabeção brain.
"""

from importlib.metadata import version as _version

from . import messages
from .characters import bad_body_char, bad_name_char
from .config import BrainConfig, default_config, load_config, parse_config, render_config
from .errors import CabecaoError, ErrorCode, Notice, WarningCode
from .frontmatter import (
    Document,
    FrontmatterError,
    new_document,
    parse_document,
    parse_yaml_mapping,
    render_document,
    split_frontmatter,
)
from .ids import is_ulid, looks_like_ulid_prefix, new_ulid
from .limits import (
    MAX_CONTENT_CHARS,
    MAX_HANDOFF_ITEM_CHARS,
    MAX_HANDOFF_ITEMS,
    MAX_PATH_CHARS,
    MAX_QUERY_CHARS,
    MAX_QUESTION_CHARS,
    MAX_REASON_CHARS,
    MAX_TASK_CHARS,
    MAX_TITLE_CHARS,
)
from .links import (
    SECTION_SEPARATOR,
    Section,
    Wikilink,
    find_sections,
    find_wikilinks,
    fold,
    link_target,
    match_sections,
    parse_link_text,
    section_text,
    slugify,
    split_section_path,
)
from .messages import DATA_NOTICE
from .notes import (
    ARCHIVE_FOLDER,
    DEFAULT_RELATION_TYPES,
    KEY_ORDER,
    MANAGED_KEYS,
    NOTE_ROOTS,
    RAW_FOLDER,
    SCHEMA_VERSION,
    TYPE_FOLDERS,
    Frontmatter,
    NoteType,
    Trust,
    Validity,
    fact_problem,
    folder_for,
    parse_scope,
    scope_project,
)
from .paths import (
    AI_INSTRUCTION_FILES,
    CATALOG_FILE,
    CONFIG_FILE,
    CONFIG_FILES,
    CONTROL_FILES,
    LOG_FILE,
    check_note_path,
    check_on_disk,
    existing_spelling,
    is_config_file,
    is_conflict_copy,
    is_control_file,
    is_raw,
    path_key,
)
from .policy import PROTECTED_CONFIG_SECTIONS, RULES_FOLDER, confirmation_reasons, is_rule, protected_config_change
from .problems import describe_validation, foreign_validation_problem
from .secrets import ALLOW_MARKER, SECRET_RULES, SecretFinding, scan_secrets
from .validation import (
    check_body,
    check_date,
    check_name,
    check_secrets,
    strings_in,
    strip_managed_keys,
    validate_frontmatter,
    withhold_secrets,
)
from .validity import parse_date, validity_on

__version__ = _version("cabecao-schema")

__all__ = [
    "__version__",
    # notes and their types
    "SCHEMA_VERSION",
    "NoteType",
    "TYPE_FOLDERS",
    "NOTE_ROOTS",
    "RAW_FOLDER",
    "ARCHIVE_FOLDER",
    "DEFAULT_RELATION_TYPES",
    "MANAGED_KEYS",
    "KEY_ORDER",
    "Frontmatter",
    "Trust",
    "Validity",
    "folder_for",
    "parse_scope",
    "fact_problem",
    "scope_project",
    # documents
    "Document",
    "parse_document",
    "render_document",
    "new_document",
    "split_frontmatter",
    "parse_yaml_mapping",
    # links and sections
    "Wikilink",
    "Section",
    "SECTION_SEPARATOR",
    "find_wikilinks",
    "find_sections",
    "match_sections",
    "section_text",
    "split_section_path",
    "parse_link_text",
    "link_target",
    "fold",
    "slugify",
    # validity
    "validity_on",
    "parse_date",
    # paths
    "CONFIG_FILE",
    "CONFIG_FILES",
    "CATALOG_FILE",
    "LOG_FILE",
    "CONTROL_FILES",
    "AI_INSTRUCTION_FILES",
    "check_note_path",
    "check_on_disk",
    "existing_spelling",
    "path_key",
    "is_conflict_copy",
    "is_control_file",
    "is_config_file",
    "is_raw",
    # content checks and limits
    "check_body",
    "check_name",
    "check_date",
    "check_secrets",
    "withhold_secrets",
    "strings_in",
    "strip_managed_keys",
    "validate_frontmatter",
    "bad_name_char",
    "bad_body_char",
    "MAX_CONTENT_CHARS",
    "MAX_TITLE_CHARS",
    "MAX_PATH_CHARS",
    "MAX_TASK_CHARS",
    "MAX_QUERY_CHARS",
    "MAX_QUESTION_CHARS",
    "MAX_REASON_CHARS",
    "MAX_HANDOFF_ITEMS",
    "MAX_HANDOFF_ITEM_CHARS",
    # confirmation policy
    "confirmation_reasons",
    "is_rule",
    "protected_config_change",
    "PROTECTED_CONFIG_SECTIONS",
    "RULES_FOLDER",
    # secrets
    "scan_secrets",
    "SecretFinding",
    "SECRET_RULES",
    "ALLOW_MARKER",
    # config
    "BrainConfig",
    "default_config",
    "load_config",
    "parse_config",
    "render_config",
    # ids
    "new_ulid",
    "is_ulid",
    "looks_like_ulid_prefix",
    # messages
    "messages",
    "DATA_NOTICE",
    "describe_validation",
    "foreign_validation_problem",
    # errors
    "ErrorCode",
    "CabecaoError",
    "WarningCode",
    "Notice",
    "FrontmatterError",
]
