// The pay-settings feature's public module: public holidays, pay rates, employee numbers.
export { hasPublicHolidayBetween, holidayLookup, readHolidayEdits } from './holidays.ts';
export { publicHolidayName } from './holiday-names.ts';
export { rateOnFrom, readRatesOf, readRatesOfPeople } from './rates.ts';
export { listPayrollPeopleRows } from './repository.ts';
export { registerPaySettingsRoutes } from './routes.ts';
export { settlePayCalendar, writePayCalendar } from './pay-calendar.ts';
