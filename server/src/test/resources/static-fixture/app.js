console.log("fixture");
