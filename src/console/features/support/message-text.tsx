import { splitMessageText } from '#domain/support/message-text'

/** A chat message's text: as text, never HTML, with its web addresses as links that open apart. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {splitMessageText(text).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <a
            // The parts of one text never move, so their position names them.
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="underline"
          >
            {part.text}
          </a>
        ),
      )}
    </p>
  )
}
