import { useState, type FormEvent } from 'react';
import styles from './DirectMessage.module.css';

// Skeleton of the conversation view (spec §2 "Direct message page"); the chat issue connects it.
export function DirectMessage() {
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<string[]>([]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setMessages((list) => [...list, text]);
    setDraft('');
  };

  return (
    <section className={styles.chat} aria-labelledby="dm-title">
      <h1 id="dm-title">Direct Message</h1>
      <ul className={styles.list} aria-live="polite">
        {messages.length === 0 ? <li className={styles.empty}>No messages yet. Say hello!</li> : messages.map((m, i) => <li key={i}>{m}</li>)}
      </ul>
      <form className={styles.composer} onSubmit={send}>
        <label htmlFor="dm-input" className={styles.visuallyHidden}>
          Message
        </label>
        <input id="dm-input" placeholder="Type a message..." value={draft} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit">Send</button>
      </form>
    </section>
  );
}
