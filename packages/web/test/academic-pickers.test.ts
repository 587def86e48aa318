import { describe, expect, it } from 'vitest';
import { disciplineOptions } from '../src/components/academic/academic-pickers';

const law = (id_discipline: number, kredits: number, id_examination?: number) => ({
  id_discipline,
  name: 'Основы права',
  kredits,
  ...(id_examination !== undefined && { id_examination }),
});
const which = (item: { kredits: number }) => `${item.kredits} кр.`;

describe('the discipline picker', () => {
  it('names a discipline by its name alone when no other shares it', () => {
    const options = disciplineOptions(
      [{ id_discipline: 3001, name: 'Веб-разработка', kredits: 3 }, law(3023, 4)],
      which,
    );
    expect(options).toEqual([
      { id: 3001, name: 'Веб-разработка' },
      { id: 3023, name: 'Основы права' },
    ]);
  });

  it('tells apart two disciplines of one name by what differs between them', () => {
    const options = disciplineOptions([law(3023, 4, 1), law(3072, 2, 5)], which);
    expect(options.map((option) => option.name)).toEqual([
      'Основы права (4 кр.)',
      'Основы права (2 кр.)',
    ]);
  });
});
