import { splitMessageText } from '#domain/support/message-text'
import { ThaiText } from './thai-text'

/**
 * A chat message's text as text (React escapes it: markup in it stays visible characters), with
 * its http(s) addresses as links that open outside the app and do not tell the site where from,
 * and its Thai words kept whole at line ends (`ThaiText`).
 * The shopper's chat and the operator console draw messages with it.
 */
export function LinkedText({ text, linkClassName }: { text: string; linkClassName: string }) {
  return splitMessageText(text).map((part, index) =>
    part.kind === 'link' ? (
      <a
        // The parts of one text never move: their position is who they are.
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
        className={`underline underline-offset-2 ${linkClassName}`}
      >
        {part.text}
      </a>
    ) : (
      <ThaiText key={index}>{part.text}</ThaiText>
    ),
  )
}
