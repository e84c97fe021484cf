/**
 * A proper name that may wrap: a merchant, a product, a way to be paid. Thai puts no spaces between
 * words and the browser breaks a Thai line between any two dictionary words, so a name made of
 * several ("ทรูมันนี่", "กรุงเทพคอมออนไลน์") broke in its middle ("ทรู|มันนี่"). Here each part
 * between the name's own spaces stays on one line; only a part wider than the whole line wraps
 * inside (`max-w-full`). For a name cut to one line (`truncate`), write the name as it is.
 * `data-name` is what the every-screen e2e test checks.
 */
export function NameText({ children }: { children: string }) {
  const parts = children.split(/(\s+)/).filter((part) => part !== '')
  return (
    <span data-name="">
      {parts.map((part, index) =>
        /^\s+$/.test(part) ? (
          part
        ) : (
          <span key={index} className="inline-block max-w-full">
            {part}
          </span>
        ),
      )}
    </span>
  )
}
