import { splitAtUnbreakableWords } from '#domain/text/thai-words'

/**
 * Running text that never breaks a line inside a word a Thai reader sees as one ("กระเป๋า|เงิน",
 * "ทรู|มันนี่"; the list is domain/text/thai-words.ts). The browser still breaks Thai between its
 * dictionary words everywhere else. The parts are held in one span: in a flex or grid container
 * (an icon beside its text, a button) loose parts would each become an item of their own.
 */
export function ThaiText({ children }: { children: string }) {
  const parts = splitAtUnbreakableWords(children)
  if (!parts.some((part) => part.isWhole)) return children
  return (
    <span>
      {parts.map((part, index) =>
        part.isWhole ? (
          // The parts of one text never move: their position is who they are.
          <span key={index} className="whitespace-nowrap">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </span>
  )
}
