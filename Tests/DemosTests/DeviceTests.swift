import Demos
import Geometry
import Scene
import Testing

/// Devices carry Apple's point sizes, scales, safe areas and corner radii.
@Suite struct DeviceTests {
    @Test func theThreeOriginalDevicesKeepTheirSizesAndIOS7Chrome() {
        #expect(Device.iphoneSE.screenSize == Size(320, 568))
        #expect(Device.iphone8.screenSize == Size(375, 667))
        #expect(Device.iphoneX.screenSize == Size(375, 812))
        for d in [Device.iphoneSE, .iphone8, .iphoneX] { #expect(d.defaultChrome == .ios7) }
    }

    @Test func everyDeviceTheIssueNamesIsThereWithCurrentChrome() {
        let names = ["iphone-se-3", "iphone-13-mini", "iphone-15", "iphone-15-pro", "iphone-15-pro-max", "iphone-16",
                     "iphone-16-pro", "iphone-16-pro-max", "ipad-pro-11"]
        for name in names {
            let device = Device(rawValue: name)
            #expect(device != nil, "\(name)")
            #expect(device?.defaultChrome == .ios18)
        }
    }

    @Test func theIPhone16ProHasItsPublishedScreen() {
        let screen = Device.iphone16Pro.screen
        #expect(screen.size == Size(402, 874) && screen.scale == 3)
        #expect(screen.portraitSafeArea == EdgeInsets(top: 62, bottom: 34))
        #expect(screen.landscapeSafeArea == EdgeInsets(left: 62, bottom: 21, right: 62))
        #expect(screen.displayCornerRadius == 62)
        #expect(screen.hasHomeIndicator)
        guard case .dynamicIsland = screen.sensorHousing else { Issue.record("no Dynamic Island"); return }
    }

    @Test func homeButtonPhonesHaveA20PointBarAndNoIndicator() {
        let screen = Device.iphoneSE3.screen
        #expect(screen.portraitSafeArea == EdgeInsets(top: 20))
        #expect(!screen.hasHomeIndicator && screen.displayCornerRadius == 0)
    }

    @Test func sideMarginsAre20OnMaxPhonesAndIPadsAnd16Elsewhere() {
        #expect(Device.iphone16ProMax.screen.minimumSideMargin == 20)
        #expect(Device.ipadPro11.screen.minimumSideMargin == 20)
        #expect(Device.iphone16Pro.screen.minimumSideMargin == 16)
        #expect(Device.iphone13Mini.screen.minimumSideMargin == 16)
    }
}
