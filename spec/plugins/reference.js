// Redocly CLI plugin for the API reference page (dist/reference.html) only: it turns the contract's
// vendor extensions into what a reader of the page sees. Loaded by plugins/reference.redocly.yaml,
// never by spec/redocly.yaml, so `redocly bundle` (generated/openapi.json, which the other packages
// read) and `redocly lint` see the contract as written.
//
// On an operation (badges are Redoc's `x-badges`, added after any the contract gives):
//   x-assumed: true -> badge "assumed"                 and the words "Assumed: ..."
//   x-roles: [1]    -> badge "teachers only" ([2]: students) and "Roles: ..."
//   x-owner: {...}  -> badge "owner: <whose>" (+ " (assumed)") and "Owner: ..."
// The words go on one line appended to the operation's description, so the raw text says what the
// badges say.
// On a component schema, x-assumed opens its description with an "Assumed:" line (Redoc has no
// badge for a whole schema); on a property it adds the "assumed" badge and opens its description
// with "Assumed."; on a response it opens the description with "Assumed:".

/** Role ids of the contract's `x-roles`, as the page names them. */
const ROLES = new Map([
  [1, 'teachers'],
  [2, 'students'],
]);

/** `x-owner.whose`: whose data the operation may touch, in words. */
const OWNERS = new Map([
  ['caller', "only the signed-in person's own data"],
  ['group', "the caller's own group"],
  ['class', 'the teacher of the class, or a student of it'],
  ['contacts', 'the caller or people they study or teach with'],
  ['anyone', 'any signed-in person'],
]);

// Badge colours are Redoc's named colours, so the page's light and dark themes both read well.
const COLOR_ASSUMED = 'orange';
const COLOR_ROLES = 'purple';
const COLOR_OWNER = 'blue';

const ASSUMED_OPERATION = 'the product specification does not give this shape.';
const ASSUMED_SCHEMA_LINE = '**Assumed:** the product specification does not give this shape.';
const ASSUMED_OWNER = 'Who may call it is assumed: the product specification does not say.';

function fail(where, message) {
  throw new Error(`plugins/reference.js: ${where}: ${message}`);
}

function sentence(text) {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The role names of an `x-roles` list; an unknown id stops the build (the page would lie). */
function roleNames(roles, where) {
  if (!Array.isArray(roles) || roles.length === 0) fail(where, 'x-roles must be a non-empty list');
  return roles.map((id) => ROLES.get(id) ?? fail(where, `x-roles has an unknown role ${id}`));
}

/** `x-owner` checked against its vocabulary; a malformed one stops the build. */
function readOwner(owner, where) {
  if (typeof owner !== 'object' || owner === null) fail(where, 'x-owner must be an object');
  if (!OWNERS.has(owner.whose)) {
    fail(where, `x-owner.whose must be one of ${[...OWNERS.keys()].join(', ')}`);
  }
  const by = owner.by ?? [];
  if (!Array.isArray(by) || by.some((field) => typeof field !== 'string')) {
    fail(where, 'x-owner.by must be a list of request field names');
  }
  if (owner.assumed !== undefined && typeof owner.assumed !== 'boolean') {
    fail(where, 'x-owner.assumed must be true or false');
  }
  if (owner.rule !== undefined && typeof owner.rule !== 'string') {
    fail(where, 'x-owner.rule must be a sentence');
  }
  return { whose: owner.whose, by, assumed: owner.assumed === true, rule: owner.rule };
}

/** The badges and the one appended line for an operation's extensions. */
function describeOperation(operation, where) {
  const badges = [];
  const words = [];
  if (operation['x-assumed'] === true) {
    badges.push({ name: 'assumed', color: COLOR_ASSUMED });
    words.push(`**Assumed:** ${ASSUMED_OPERATION}`);
  }
  if (operation['x-roles'] !== undefined) {
    const names = roleNames(operation['x-roles'], where);
    badges.push({ name: `${names.join(' and ')} only`, color: COLOR_ROLES });
    words.push(`**Roles:** ${names.join(' and ')} only; any other role gets 403.`);
  }
  if (operation['x-owner'] !== undefined) {
    const owner = readOwner(operation['x-owner'], where);
    badges.push({
      name: `owner: ${owner.whose}${owner.assumed ? ' (assumed)' : ''}`,
      color: COLOR_OWNER,
    });
    let whoseData = '';
    if (owner.by.length) whoseData = ` (whose data: ${owner.by.map((f) => `\`${f}\``).join(', ')})`;
    else if (owner.whose !== 'anyone') whoseData = ' (whose data: from the session)';
    words.push(`**Owner:** ${OWNERS.get(owner.whose)}${whoseData}.`);
    if (owner.assumed) words.push(ASSUMED_OWNER);
    if (owner.rule) words.push(sentence(owner.rule));
  }
  return { badges, line: words.join(' ') };
}

function appendLine(description, line) {
  const text = typeof description === 'string' ? description.trimEnd() : '';
  return text ? `${text}\n\n${line}` : line;
}

function prependLine(description, line) {
  const text = typeof description === 'string' ? description.trim() : '';
  return text ? `${line}\n\n${text}` : line;
}

/** Operations: badges (Redoc's `x-badges`, kept after any the contract gives) and one line of words. */
function OperationBadges() {
  const done = new WeakSet();
  return {
    Operation: {
      leave(operation, ctx) {
        if (done.has(operation)) return;
        done.add(operation);
        const where = operation.operationId ?? ctx.location.pointer;
        const { badges, line } = describeOperation(operation, where);
        if (badges.length === 0) return;
        operation['x-badges'] = [...(operation['x-badges'] ?? []), ...badges];
        operation.description = appendLine(operation.description, line);
      },
    },
  };
}

/**
 * Schemas and responses: Redoc has no badge for a whole schema, so a named (component) schema's
 * description opens with the assumed line; an assumed property gets an "assumed" badge and opens its
 * own description with the word; so does an assumed response's. Named schemas are known only once
 * the bundle has gathered them into components, so they are done when the walk leaves the root.
 */
function AssumedDescriptions() {
  const done = new WeakSet();
  const mark = (schema, open) => {
    if (done.has(schema)) return;
    done.add(schema);
    schema.description = open(schema.description);
  };
  return {
    Schema: {
      leave(schema) {
        for (const property of Object.values(schema.properties ?? {})) {
          if (property?.['x-assumed'] !== true || done.has(property)) continue;
          property['x-badges'] = [
            ...(property['x-badges'] ?? []),
            { name: 'assumed', color: COLOR_ASSUMED },
          ];
          mark(property, (text) => (text ? `*Assumed.* ${text.trim()}` : '*Assumed.*'));
        }
      },
    },
    Response: {
      leave(response) {
        if (response['x-assumed'] !== true) return;
        mark(response, (text) => (text ? `Assumed: ${text.trim()}` : 'Assumed.'));
      },
    },
    Root: {
      leave(root) {
        for (const schema of Object.values(root.components?.schemas ?? {})) {
          if (schema?.['x-assumed'] !== true) continue;
          mark(schema, (text) => prependLine(text, ASSUMED_SCHEMA_LINE));
        }
      },
    },
  };
}

export default function referencePlugin() {
  return {
    id: 'lms-reference',
    decorators: {
      oas3: {
        'operation-badges': OperationBadges,
        'assumed-descriptions': AssumedDescriptions,
      },
    },
  };
}
