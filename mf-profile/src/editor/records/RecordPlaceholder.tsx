// The record editors (add, edit, delete) are a later issue; until then the section tells the member
// how many entries they have and that editing comes here, so chips and the tracker still have a target.
export function RecordPlaceholder({ count, noun }: { count: number | null; noun: string }) {
  return (
    <>
      <p>{count === null ? `Your ${noun} entries could not be loaded.` : count === 0 ? `You have no ${noun} entries yet.` : `You have ${count} ${noun} ${count === 1 ? 'entry' : 'entries'}.`}</p>
      <p>Adding and editing {noun} entries will be available here soon.</p>
    </>
  );
}
