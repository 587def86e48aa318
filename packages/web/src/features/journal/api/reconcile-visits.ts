import type { LmsClient } from '@lms/client';
import type { JournalClass, VisitUpdate } from '../utils/journal-class';

const classOf = (visit: VisitUpdate): JournalClass => ({
  id_teacher: visit.id_teacher,
  id_discipline: visit.id_discipline,
  credits: visit.credits,
  id_groupOrPorok: visit.id_groupOrPorok,
  isPotok: visit.isPotok,
  id_semesterOrWs: visit.id_semesterOrWs,
  id_vid_zaniatiy: visit.id_vid_zaniatiy,
});

/**
 * Whether the server stores every visit of a write with its values, read the way the journal
 * reads them: the visit's date is a column of its class's journal (getjournal, the whole class:
 * something is stored for that date), and the class's stored visits for the date
 * (getstudentslistsubgroupupdate, subgroup 0) give its student the same presence, hours and, when
 * present, mark (an absence is stored with the absence mark whatever mark the write carried). The
 * date check matters because a date with nothing stored answers everyone present without a mark.
 * A write without visits is never stored.
 */
export async function visitsStored(
  client: LmsClient,
  visits: readonly VisitUpdate[],
): Promise<boolean> {
  if (visits.length === 0) return false;
  const byClassAndDate = new Map<string, VisitUpdate[]>();
  for (const visit of visits) {
    const key = JSON.stringify([classOf(visit), visit.visitDate]);
    byClassAndDate.set(key, [...(byClassAndDate.get(key) ?? []), visit]);
  }
  for (const group of byClassAndDate.values()) {
    const [first] = group;
    if (!first) continue;
    const cls = classOf(first);
    const { visitDate } = first;
    const journal = await client.post('/api/visitlog/getjournal', {
      body: { ...cls, subgroup: 0 },
    });
    if (!journal?.resArray.some((column) => column.visitDate === visitDate)) return false;
    const stored =
      (await client.post('/api/visitlog/getstudentslistsubgroupupdate', {
        body: { ...cls, visitDate, subgroup: 0 },
      })) ?? [];
    const byStudent = new Map(stored.map((row) => [row.id_student, row]));
    const same = group.every((visit) => {
      const row = byStudent.get(visit.id_student);
      return (
        row !== undefined &&
        row.isVisited === visit.isVisited &&
        (!visit.isVisited || row.id_otsenka === visit.id_otsenka) &&
        row.timesCount === visit.timesCount
      );
    });
    if (!same) return false;
  }
  return true;
}
