import { useLingui } from '@lingui/react/macro'
import {
  Armchair,
  BookOpen,
  Clapperboard,
  Dumbbell,
  HeartPulse,
  LayoutGrid,
  Laptop,
  Plane,
  Puzzle,
  Shirt,
  ShoppingBasket,
  Sprout,
  Store,
  Wrench,
  type LucideIcon,
} from 'lucide-react'
import type { MerchantCategoryId } from '#domain/categories'

export type CategoryChoice = MerchantCategoryId | 'all'

export const categoryIcons: Record<CategoryChoice, LucideIcon> = {
  all: LayoutGrid,
  books: BookOpen,
  computers: Laptop,
  entertainment: Clapperboard,
  fashion: Shirt,
  food: ShoppingBasket,
  health: HeartPulse,
  furniture: Armchair,
  home: Sprout,
  travel: Plane,
  marketplace: Store,
  services: Wrench,
  sports: Dumbbell,
  toys: Puzzle,
}

/** Category names in the reader's language. */
export function useCategoryLabels(): Record<CategoryChoice, string> {
  const { t } = useLingui()
  return {
    all: t`ทั้งหมด`,
    books: t`หนังสือและสื่อ`,
    computers: t`คอมพิวเตอร์และอิเล็กทรอนิกส์`,
    entertainment: t`บันเทิง`,
    fashion: t`แฟชั่นและเครื่องประดับ`,
    food: t`อาหารและของชำ`,
    health: t`สุขภาพและความงาม`,
    furniture: t`เฟอร์นิเจอร์`,
    home: t`บ้านและสวน`,
    travel: t`ท่องเที่ยวและโรงแรม`,
    marketplace: t`มาร์เก็ตเพลส`,
    services: t`บริการ`,
    sports: t`กีฬาและฟิตเนส`,
    toys: t`ของเล่น`,
  }
}
