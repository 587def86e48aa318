import { describe, expect, it } from 'vitest';
import { Secrets } from '../src/learn/masking.js';
import { inferSchema, withoutAssumption } from '../src/learn/observed.js';
import { YamlFile } from '../src/learn/yaml-edit.js';

// How --write changes the contract's YAML: in place, everything else byte for byte, in the tree's
// Prettier style; descriptions of confirmed assumptions lose what they said was assumed; observed
// shapes are inferred from types and names, never values.
describe('--write', () => {
  it('drops the clauses of a description that say what was assumed', () => {
    expect(withoutAssumption('Write permission of the person (assumed shape).')).toBe(
      'Write permission of the person.',
    );
    expect(
      withoutAssumption('Role 1 only; items are assumed to be the shared Discipline shape.'),
    ).toBe('Role 1 only.');
    expect(
      withoutAssumption(
        'Year options (e.g. on the payment-code screen); the empty payload is assumed.',
      ),
    ).toBe('Year options (e.g. on the payment-code screen).');
    expect(
      withoutAssumption(
        'Teachers only (students get 403). Assumed design; the students to mark for a new lesson date.',
      ),
    ).toBe('Teachers only (students get 403). The students to mark for a new lesson date.');
    expect(withoutAssumption('A faculty (fields assumed).')).toBe('A faculty.');
    expect(withoutAssumption('Assumed design.')).toBe('');
  });

  it('edits a YAML file in place, keeping its comments, quotes and wrapped lines', () => {
    const source = [
      '# the shared shapes',
      'AcademicYear:',
      '  type: object',
      '  x-assumed: true',
      '  description: >-',
      '    An academic year option (the label field is assumed to be `name`), written over two',
      '    lines.',
      '  required: [id_a_year, name]',
      '  properties:',
      '    id_a_year:',
      '      type: integer # kept',
      '    name:',
      "      type: 'string'",
      '',
    ].join('\n');
    const file = new YamlFile(source);
    expect(file.renameKey(['AcademicYear', 'properties', 'name'], 'title')).toBe(true);
    expect(file.replaceItem(['AcademicYear', 'required'], 'name', 'title')).toBe(true);
    expect(
      file.set(['AcademicYear', 'properties', 'id_a_year'], {
        type: 'string',
        description: 'Observed in recorded traffic as string; proposed for review.',
      }),
    ).toBe(true);
    expect(file.delete(['AcademicYear', 'x-assumed'])).toBe(true);
    expect(file.toString()).toBe(
      [
        '# the shared shapes',
        'AcademicYear:',
        '  type: object',
        '  description: >-',
        '    An academic year option (the label field is assumed to be `name`), written over two',
        '    lines.',
        '  required: [id_a_year, title]',
        '  properties:',
        '    id_a_year:',
        '      type: string',
        '      description: Observed in recorded traffic as string; proposed for review.',
        '    title:',
        "      type: 'string'",
        '',
      ].join('\n'),
    );
    const long = 'An academic year option, '.repeat(6).trim();
    expect(file.set(['AcademicYear', 'description'], long)).toBe(true);
    expect(file.toString()).toContain(
      '  description:\n    An academic year option, An academic year option, An academic year option, An academic year\n    option, An academic year option, An academic year option,\n  required',
    );
  });

  it('infers an observed shape from types and names, a name used as a key as any property', () => {
    const secrets = new Secrets();
    secrets.add('Асанов Бакыт', { words: true });
    expect(
      inferSchema(
        [
          { items: [{ id: 1 }], total: 1, 'Асанов Бакыт': 'x' },
          { items: [], total: 0 },
        ],
        secrets,
      ),
    ).toEqual({
      type: 'object',
      required: ['items', 'total'],
      properties: {
        items: {
          type: 'array',
          items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        },
        total: { type: 'integer' },
      },
      additionalProperties: { type: 'string' },
    });
    expect(inferSchema(['4', 5], secrets)).toEqual({ type: ['integer', 'string'] });
  });
});
