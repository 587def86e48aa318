import type { LmsClient } from '@lms/client';

/** The signed-in person, as the login answers. */
interface Reader {
  id: number;
  uid: number;
  role: number;
  id_group?: number | null;
}

/**
 * The person's unread messages in the current year and semester half, as the server counts them:
 * every discipline's contacts and every group or stream chat of those disciplines, each once.
 * Every discipline is asked with every one of its chats (no planning), so it is the figure the
 * portal's own reads have to come to.
 */
export async function serverUnreadTotal(client: LmsClient, reader: Reader): Promise<number> {
  const teacher = reader.role === 1;
  const year = (await client.get('/api/discipline/current/year.json'))![0]!.id_a_year;
  const ws = (await client.get('/api/discipline/current/ws.json'))![0]!.ws;
  const base = { uid: reader.uid, year, ws };
  const id_group = reader.id_group ?? -1;
  const disciplines =
    (teacher
      ? await client.post('/api/discipline/list', { body: base })
      : await client.post('/api/discipline/forStudentDisciplinelist', {
          body: { ...base, id_group },
        })) ?? [];
  const contacts = new Map<string, number>();
  const chats = new Map<string, number>();
  for (const { id_discipline, kredits } of disciplines) {
    const about = { ...base, id_discipline };
    const semesters =
      (teacher
        ? await client.post('/api/discipline/semester/list', { body: about })
        : await client.post('/api/discipline/studentSemester/list', {
            body: { ...about, id_group },
          })) ?? [];
    for (const { id_semester } of semesters) {
      const groups =
        (teacher
          ? await client.post('/api/discipline/group/list', { body: { ...about, id_semester } })
          : await client.post('/api/discipline/studentGroup/list', {
              body: { ...about, id_semester, id_group },
            })) ?? [];
      for (const group of groups) {
        const rows =
          (await client.post('/api/chat/count', {
            body: {
              year,
              id_from_type: reader.role as 1 | 2,
              id_from: reader.id,
              id_to_type: 2,
              id_to: -1,
              id_discipline,
              ws,
              kredit: kredits,
              gr_potok: group.id_group,
              IsSelect: group.isPotok ?? false,
            },
          })) ?? [];
        for (const row of rows) {
          if (row.idid === -1)
            chats.set(`${group.isPotok ? 's' : 'g'}${group.id_group}`, row.countMessages);
          else contacts.set(`${id_discipline}:${row.id_type}:${row.idid}`, row.countMessages);
        }
      }
    }
  }
  let total = 0;
  for (const count of [...contacts.values(), ...chats.values()]) total += count;
  return total;
}
