import Foundation
import TestSupport
import Testing

@testable import TrawlKit

@Suite struct StoreHealthTests {
    let night = SnapshotFixtures.night
    var nextNight: Date { night.addingTimeInterval(86_400) }

    @Test func successClearsFailuresAndStaleness() {
        var health = Health()
        health.recordFailure("HTTP 503", at: night)
        health.recordSuccess(itemCount: 12, at: nextNight)
        #expect(health.lastAttempt == nextNight)
        #expect(health.lastSuccess == nextNight)
        #expect(health.consecutiveFailures == 0)
        #expect(health.lastError == nil)
        #expect(health.itemCount == 12)
        #expect(!health.stale)
    }

    @Test func failuresCountUpAndKeepTheLastSuccess() {
        var health = Health()
        health.recordSuccess(itemCount: 12, at: night)
        health.recordFailure("HTTP 503", at: nextNight)
        health.recordGuarded("no items matched '.item-list article'", at: nextNight.addingTimeInterval(86_400))
        #expect(health.consecutiveFailures == 2)
        #expect(health.lastSuccess == night)
        #expect(health.lastError == "no items matched '.item-list article'")
        #expect(health.itemCount == 12)
        #expect(health.stale)
    }

    @Test func notModifiedIsASuccessThatKeepsTheItemCount() {
        var health = Health()
        health.recordSuccess(itemCount: 7, at: night)
        health.recordFailure("timed out", at: nextNight)
        health.record(RunRecord.Outcome(sourceID: "a", status: .notModified, itemCount: 0), at: nextNight)
        #expect(health.itemCount == 7)
        #expect(health.consecutiveFailures == 0)
        #expect(!health.stale)
    }

    @Test(arguments: [
        (RunRecord.Outcome.Status.fetched, 0, false),
        (.notModified, 0, false),
        (.failed, 1, true),
        (.guarded, 1, true),
    ])
    func eachOutcomeRecordsAsItsStatusSays(status: RunRecord.Outcome.Status, failures: Int, stale: Bool) throws {
        let directory = try TemporaryDirectory("store-health")
        let store = CacheStore(root: directory.url)
        let health = try store.record(
            RunRecord.Outcome(sourceID: "a", status: status, itemCount: 3, error: "boom"), at: night)
        #expect(health.consecutiveFailures == failures)
        #expect(health.stale == stale)
        #expect(try store.health(of: "a") == health)
    }

    @Test func lastSuccessComesFromRunRecordsWhenHealthWasNotRewritten() throws {
        let directory = try TemporaryDirectory("store-health")
        let store = CacheStore(root: directory.url)
        for time in [night, nextNight] {
            let outcome = RunRecord.Outcome(sourceID: "a", status: .fetched, itemCount: 3)
            let written = try store.save(try store.record(outcome, at: time), of: "a")
            #expect(!written)
            try store.save(
                RunRecord(id: store.newRunID(at: time), started: time, finished: time, outcomes: [outcome], changes: [])
            )
        }
        let fresh = CacheStore(root: directory.url)
        #expect(try fresh.health(of: "a").lastSuccess == nextNight)
        #expect(try fresh.health(of: "a").lastAttempt == nextNight)
    }
}
