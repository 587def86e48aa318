import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { operations } from '@lms/contract';
import { CHECK_REGISTRY } from '@lms/contract/check';
import { describe, expect, it } from 'vitest';

// The checker's checks are named things: one file each under check/checks/, named as the check,
// each with a label for the table, a one-line meaning (the README's table is made from these),
// the operations it applies to and the part of the run that exercises it.
const checksFolder = fileURLToPath(new URL('../../contract/src/check/checks/', import.meta.url));

describe('the contract checker’s registry', () => {
  it('has one file per check, named as the check, and no file that is not a check', () => {
    const files = readdirSync(checksFolder).map((file) => file.replace(/\.ts$/, ''));
    expect(new Set(files)).toEqual(new Set(CHECK_REGISTRY.map((check) => check.name)));
  });

  it('names, labels and means each check once, in one line', () => {
    const names = CHECK_REGISTRY.map((check) => check.name);
    const labels = CHECK_REGISTRY.map((check) => check.label);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(labels).size).toBe(labels.length);
    for (const check of CHECK_REGISTRY) {
      expect(check.label.length, check.name).toBeLessThanOrEqual(8);
      expect(check.meaning, check.name).toMatch(/^[a-z][^\n]+[^.\n]$/);
    }
  });

  it('exercises each check somewhere: a sweep, every answer, or the write scenarios', () => {
    for (const check of CHECK_REGISTRY) {
      const exercised =
        check.sweep !== undefined || check.inspect !== undefined || check.exercisedByWrites;
      expect(exercised, check.name).toBe(true);
      expect(operations.some(check.appliesTo), check.name).toBe(true);
    }
  });

  it('applies the cookies check to sign-in alone, and the owner check to a class’s journal', () => {
    const appliesTo = (name: string) =>
      operations
        .filter((op) => CHECK_REGISTRY.find((check) => check.name === name)!.appliesTo(op))
        .map((op) => op.operationId);
    expect(appliesTo('cookies')).toEqual(['authorize']);
    expect(appliesTo('owner')).toEqual(
      expect.arrayContaining([
        'visitlogGetJournal',
        'visitlogGetStudentsList',
        'visitlogGetStudentsListSubgroup',
        'visitlogGetStudentsListSubgroupUpdate',
        'disciplineGetStudents',
      ]),
    );
  });
});
