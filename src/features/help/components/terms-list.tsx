import { termsSections } from '#domain/help/terms'
import { ThaiText } from '../../../components/ui/thai-text'
import { useHelpText } from '../use-help-text'

/**
 * The terms of use (domain/help/terms.ts), under a heading of the level the page gives: one text
 * for the help page and for a new member accepting them at sign-in.
 */
export function TermsList({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  const { show } = useHelpText()
  const Heading = headingLevel
  return (
    <div className="space-y-4">
      {termsSections.map((section) => (
        <section key={section.id} aria-labelledby={`terms-${section.id}`}>
          <Heading id={`terms-${section.id}`} className="font-semibold">
            <ThaiText>{show(section.title)}</ThaiText>
          </Heading>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink-muted marker:text-brand-600">
            {section.items.map((item) => (
              <li key={item.th}>
                <ThaiText>{show(item)}</ThaiText>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
