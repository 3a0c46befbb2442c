import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

@Suite struct ClockAndLocationTests {
    @Test func fileStampIsTheMomentInUTC() throws {
        // 2026-11-30 09:35:07 UTC, and a moment before 1970 (floor, not truncation).
        let clock = try Clock(environment: [:], now: Date(timeIntervalSince1970: 1_796_031_307))
        #expect(clock.fileStamp == "20261130-093507")
        #expect(try Clock(environment: [:], now: Date(timeIntervalSince1970: -1)).fileStamp == "19691231-235959")
    }

    @Test func crmTodayFixesTodayAndTheEventStampNotTheFileStamp() throws {
        let now = Date(timeIntervalSince1970: 1_796_031_307)
        let fixed = try Clock(environment: ["CRM_TODAY": "2026-11-29"], now: now)
        #expect(fixed.today.description == "2026-11-29")
        #expect(fixed.eventStamp == Date(timeIntervalSince1970: 1_795_910_400))
        #expect(fixed.fileStamp == "20261130-093507")
        let free = try Clock(environment: [:], now: now)
        #expect(free.eventStamp == now)
        #expect(throws: DateInputError.self) { try Clock(environment: ["CRM_TODAY": "29.11.2026"]) }
    }

    @Test func optionThenEnvironmentThenConfig() {
        let home = ["HOME": "/home/ada"]
        func resolve(_ explicit: String?, _ environment: [String: String], _ configured: String?) -> ConfiguredLocation? {
            ConfiguredLocation.resolve(explicit: explicit, variable: "CRM_CALENDAR", configured: configured,
                                       userDefault: "~/user.ics", environment: environment, vaultRoot: "/vault")
        }
        let option = resolve("~/cal.ics", home.merging(["CRM_CALENDAR": "/env"]) { a, _ in a }, "config.ics")
        #expect(option?.display == "~/cal.ics")
        #expect(option?.path == "~/cal.ics")
        #expect(option?.expandedPath == "/home/ada/cal.ics")
        #expect(resolve(nil, home.merging(["CRM_CALENDAR": "/env"]) { a, _ in a }, "config.ics")?.path == "/env")
        #expect(resolve(nil, home, "calendars/me")?.path == "/vault/calendars/me")
        #expect(resolve(nil, home, "calendars/me")?.display == "calendars/me")
        // The vault's config holds places inside the vault only (VaultConfig ignores others): they
        // are kept relative to it, to be reached without a link out of it.
        #expect(resolve(nil, home, "calendars/me")?.inVault == "calendars/me")
        #expect(option?.inVault == nil)
        // The user's own setting comes last: when nothing else names one.
        #expect(resolve(nil, home, nil)?.expandedPath == "/home/ada/user.ics")
        #expect(ConfiguredLocation.resolve(explicit: nil, variable: "CRM_CALENDAR", configured: "", userDefault: nil,
                                           environment: ["CRM_CALENDAR": ""], vaultRoot: "/vault") == nil)
    }
}
